"""``python -m bot demo --pictures DIR`` writes the pictures of a demo match, for a newcomer offline."""

from __future__ import annotations

import io

from PIL import Image

from tools.demo import main


def test_demo_writes_each_new_table_picture_and_the_hosts_hand(tmp_path, capsys):
    folder = tmp_path / "pictures"
    assert main(["drump", "--seed", "3", "--db", str(tmp_path / "demo.sqlite3"), "--pictures", str(folder)]) == 0
    for kind in ("table", "hand"):
        files = sorted(folder.glob(f"{kind}-*.png"))
        assert len(files) > 5 and files[0].name == f"{kind}-001.png"
        pictures = [f.read_bytes() for f in files]
        assert all(Image.open(io.BytesIO(p)).format == "PNG" for p in pictures)
        assert all(a != b for a, b in zip(pictures, pictures[1:], strict=False)), (
            f"an unchanged {kind} picture was written again"
        )
    assert "DRUMP" in capsys.readouterr().out
