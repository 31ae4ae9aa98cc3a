"""``python -m pipeline`` is the same as the ``rusc`` command."""

from pipeline.cli import main

raise SystemExit(main())
