"""Small, dependency-free statistics for the benchmark's samples.

Percentiles use linear interpolation between closest ranks (the same rule as
``numpy.percentile``'s default), so p50 of an even-sized sample is the mean
of the two middle values and figures do not jump by one sample's width.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) of values already sorted ascending; NaN when empty."""
    if not sorted_values:
        return math.nan
    if len(sorted_values) == 1:
        return float(sorted_values[0])
    rank = (len(sorted_values) - 1) * q / 100.0
    low = math.floor(rank)
    high = min(low + 1, len(sorted_values) - 1)
    return float(sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (rank - low))


def summary(values: Iterable[float], scale: float = 1.0) -> dict[str, float]:
    """p50/p90/p99/mean/max of ``values`` times ``scale`` (e.g. 1000 for seconds to ms), plus the count."""
    data = sorted(v * scale for v in values)
    n = len(data)
    return {
        "n": n,
        "p50": percentile(data, 50),
        "p90": percentile(data, 90),
        "p99": percentile(data, 99),
        "mean": sum(data) / n if n else math.nan,
        "max": data[-1] if n else math.nan,
    }


def median(values: Iterable[float]) -> float:
    return percentile(sorted(values), 50)
