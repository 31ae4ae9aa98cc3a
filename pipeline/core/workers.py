"""Worker processes that never outlive the process that started them.

Start at :func:`process_pool`: a :class:`~concurrent.futures.ProcessPoolExecutor` whose
workers first run :func:`watch_parent`. If the parent dies, even by SIGKILL (which runs no
clean-up), its workers would otherwise live on, orphaned, blocked on a pipe that never
closes (each worker holds both ends). So every worker

* asks Linux to SIGKILL it when its parent dies (``prctl(PR_SET_PDEATHSIG)``, through
  ctypes; skipped where there is no such call), and
* runs a daemon thread that checks every :data:`PARENT_POLL_SECONDS` whether its parent is
  still the process that started it (an orphan is re-parented to init or a subreaper), and
  ends the worker at once if not. This works everywhere (``tests/test_workers.py`` checks
  it without prctl).

Nothing relies on ``fork``: a task gets all it needs as arguments (pickled), so the pools
work the same under ``spawn``. ``fork`` is used where the platform has it only because it
starts workers faster.

A task's arguments are pickled when it is submitted, in the submitting thread
(:meth:`_Pool.submit`): the standard pool pickles them later, in a thread of its own, while
the caller goes on, so a caller that fills a cache of an argument meanwhile (a
``cached_property``, a memo dict) changed a dict the pool was pickling ("dictionary changed
size during iteration").
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time

#: How often a worker checks that its parent is alive.
PARENT_POLL_SECONDS = 0.2
#: ``PR_SET_PDEATHSIG`` from <linux/prctl.h>.
_PR_SET_PDEATHSIG = 1


def default_start_method() -> str:
    """``fork`` where the platform has it (workers start fastest), else ``spawn``."""
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


class _Pool(concurrent.futures.ProcessPoolExecutor):
    """A process pool that, left by an error or an interrupt (Ctrl-C; SIGTERM, raised as
    one by :mod:`pipeline.cli`), kills its workers at once: it would otherwise wait for
    their tasks to finish (minutes) before the temporary files could be removed."""

    def submit(self, fn, /, *args, **kwargs):
        """Like the standard pool's, but the task (``fn`` and its arguments) is pickled now,
        as it is: whatever the caller does to the arguments afterwards, the worker gets them
        as they were."""
        task = pickle.dumps((fn, args, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
        return super().submit(_run_pickled, task)

    def __exit__(self, exc_type, exc, traceback):
        if exc_type is not None:
            for process in list((getattr(self, "_processes", None) or {}).values()):
                process.kill()
            # A worker killed while it sent a result leaves half a message in the result
            # pipe, which the pool's manager thread would wait on for ever: with the workers
            # gone, closing this process's end for writing ends that wait (end of file).
            results = getattr(self, "_result_queue", None)
            if results is not None:
                results._writer.close()
            self.shutdown(wait=True, cancel_futures=True)
            return False
        return super().__exit__(exc_type, exc, traceback)


def _run_pickled(task: bytes):
    """Worker side of :meth:`_Pool.submit`."""
    fn, args, kwargs = pickle.loads(task)
    return fn(*args, **kwargs)


def process_pool(
    workers: int, start_method: str | None = None, kernel_watch: bool = True
) -> concurrent.futures.ProcessPoolExecutor:
    """A process pool of ``workers`` processes that die with this process, and are killed
    when the block using it (``with process_pool(n) as pool``) is left by an exception.

    Create it from the main thread: Linux's parent-death signal follows the *thread* that
    started a worker. ``kernel_watch=False`` leaves only the polling thread (for its test).
    """
    context = multiprocessing.get_context(start_method or default_start_method())
    return _Pool(workers, mp_context=context, initializer=watch_parent, initargs=(os.getpid(), kernel_watch))


def watch_parent(parent: int, kernel_watch: bool = True) -> None:
    """Pool initializer: end this worker as soon as process ``parent`` is gone.

    Ctrl-C reaches every process of the terminal's group: a worker ignores it, and its
    parent, interrupted, kills it (:class:`_Pool`). SIGTERM ends a worker at once, without
    the handler a forked worker would inherit from :mod:`pipeline.cli`. Either way no
    worker prints a traceback of its own."""
    if os.getppid() != parent:
        os._exit(1)  # the parent died before this worker started
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if kernel_watch:
        _ask_kernel_to_kill_orphans()
    threading.Thread(target=_poll_parent, args=(parent,), name="rusc-parent-watch", daemon=True).start()


def _poll_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


def _ask_kernel_to_kill_orphans() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)  # this process's own symbols: libc is among them
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # the polling thread still ends the orphan
