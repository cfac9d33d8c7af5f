"""Pictures of the tables, drawn with Pillow from engine views.

Pure drawing: no discord, no asyncio, no storage. Each game's module draws
from the spectator view (``game.rules.view(state, None)``) for the public table, so
hidden information cannot reach a public picture; a hand picture is drawn
from the owner's own view. Fonts ship with the package (``fonts/``, DejaVu
Sans with its licence): nothing is downloaded at run time.
"""
