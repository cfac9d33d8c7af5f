"""The phone estimate the tests use: it lives in ``tools.sim.phone`` so the benchmark can measure tables with it too."""

from __future__ import annotations

from tools.sim.phone import FRAME_PX, LINE_PX, SCREEN_PX, WIDTH, embed_lines, height_px, text_lines

__all__ = ["FRAME_PX", "LINE_PX", "SCREEN_PX", "WIDTH", "embed_lines", "height_px", "text_lines"]
