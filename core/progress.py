"""A progress bar over the results of a long command (tournaments), with the time left."""

from __future__ import annotations

import statistics
import sys
from collections.abc import Iterator
from typing import Any

from tqdm import tqdm


def progress(results: Iterator[Any], pairs: int) -> list[Any]:
    """Collect pair results with a progress bar; Ctrl-C keeps the pairs already played."""
    done: list[Any] = []
    bar = tqdm(total=pairs, unit="pair", file=sys.stderr, disable=None)
    try:
        for result in results:
            done.append(result)
            bar.update()
            if len(done) % 20 == 0:
                bar.set_postfix_str(f"A−B {statistics.fmean(r.diff for r in done):+.1f}")
    except KeyboardInterrupt:
        print("\nstopped: reporting the pairs played so far", file=sys.stderr)
    finally:
        bar.close()
    return done
