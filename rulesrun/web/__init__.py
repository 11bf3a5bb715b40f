"""The table in a browser: `rulesrun serve` plays a ruleset at a local web page, or steps
through a logged game (docs/web.md).

    layout.py    the table's plan, read off the declarations (which zones are per owner, ...)
    shown.py     a moment of a game as JSON: the view, the question, the transcript
    live.py      a game with people and bots at the page, with undo
    replay.py    a logged game as steps for a timeline
    sessions.py  the tables a server holds, by id and the token of the page that dealt them
    reach.py     who may reach the server: its own address, its own page, JSON only
    server.py    the Starlette app: the JSON API and the static page (static/)

Only `server.py` and `reach.py` need the optional extra `web` (Starlette, uvicorn); the page
itself is static HTML, CSS and JavaScript in the package, with no build step and nothing from
the net.
"""
