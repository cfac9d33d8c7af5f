"""``python -m bot.locales extract [--check] | check``: write the template, or check the catalogues."""

from __future__ import annotations

import sys

from bot.kernel.i18n import LOCALES_DIR, check_catalogue
from bot.kernel.po import PoError, parse_po


def main(argv: list[str]) -> int:
    """``extract`` writes the template (``--check``: only says whether it is stale); ``check`` tests the catalogues."""
    from bot.locales.extract import TEMPLATE, current_template

    if argv[:1] == ["extract"]:
        text = current_template()
        if "--check" in argv[1:]:
            stale = not TEMPLATE.exists() or TEMPLATE.read_text(encoding="utf-8") != text
            print(f"{TEMPLATE.name} is {'out of date: run python -m bot.locales extract' if stale else 'up to date'}")
            return int(stale)
        TEMPLATE.write_text(text, encoding="utf-8")
        print(f"wrote {TEMPLATE}")
        return 0
    if argv[:1] == ["check"]:
        from bot.locales import audit
        from bot.locales.extract import collect

        messages = collect()
        data = {m.msgid for m in messages if any(f.endswith("cards.toml") for f in m.files)}
        problems = []
        for path in sorted(LOCALES_DIR.glob("*.po")):
            problems += check_catalogue(path)
            try:
                po = parse_po(path.read_text(encoding="utf-8"), path.name)
            except (PoError, UnicodeDecodeError):
                continue
            problems += [f"{path.name}: {p}" for p in audit.placeholder_mismatches(po, data)]
            untranslated = audit.missing(po, messages)
            if untranslated:
                problems.append(
                    f"{path.name}: {len(untranslated)} texts not translated yet (shown in English), "
                    f"e.g. {untranslated[0]!r}"
                )
        print("\n".join(problems) or "every catalogue is complete and usable")
        return int(bool(problems))
    print("usage: python -m bot.locales extract [--check] | check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
