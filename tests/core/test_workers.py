"""Work shared between the parent and forked workers (pipeline/util/workers.py): the results of a
parallel stage are those of a serial one, in order, and a task that fails fails the stage."""

from __future__ import annotations

import gc
import os
import time

import pytest

from pipeline.util import workers


def test_results_come_back_in_task_order_from_every_process():
    parent = os.getpid()
    done = workers.run(lambda n: (_slowly(n) ** 2, os.getpid()), range(60), jobs=3, stage="test")
    assert [square for square, _pid in done] == [n * n for n in range(60)]
    # the parent takes its share of the tasks, and the forked workers theirs
    assert parent in {pid for _square, pid in done}
    assert len({pid for _square, pid in done}) > 1


def test_a_worker_error_is_raised_in_the_parent():
    parent = os.getpid()

    def fail_outside(n: int) -> int:
        if os.getpid() != parent:
            raise ValueError(f"task {n} failed")
        return _slowly(n)

    with pytest.raises(ValueError, match="task"):
        workers.run(fail_outside, range(50), jobs=2, stage="test")


def test_a_worker_that_dies_does_not_leave_the_stage_waiting():
    parent = os.getpid()

    def die_outside(n: int) -> int:
        if os.getpid() != parent:
            os._exit(3)
        return _slowly(n)

    with pytest.raises(RuntimeError, match="exit codes"):
        workers.run(die_outside, range(50), jobs=2, stage="test")


def test_one_job_runs_here():
    assert workers.run(lambda n: os.getpid(), range(5), jobs=1, stage="test") == [os.getpid()] * 5


def _slowly(n: int) -> int:
    # each task long enough that the forked workers start and take some before the parent,
    # which takes tasks from the first, has done them all
    time.sleep(0.02)
    return n


def test_a_stage_inside_a_frozen_process_leaves_it_frozen():
    # the corpus writer forked beside the checks freezes what it inherits and runs a stage of
    # its own: thawed by that stage, the corpus would be walked (and its pages copied) again
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert workers.run(lambda n: n + 1, [1, 2], jobs=1, stage="test") == [2, 3]
        assert gc.get_freeze_count() >= frozen
    finally:
        gc.unfreeze()
    assert workers.run(lambda n: n, [1], jobs=1, stage="test") == [1]
    assert gc.get_freeze_count() == 0, "a stage that froze alone thaws what it froze"
