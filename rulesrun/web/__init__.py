"""The table in a browser: `rulesrun serve` plays a ruleset at a local web page, at one screen
or each seat at its own over the network, or steps through a logged game (docs/web.md).

    layout.py    the table's plan, read off the declarations (which zones are per owner, ...)
    shown.py     a moment of a game as JSON: the view, the question, the transcript
    live.py      a game with people and bots at the page, with undo
    replay.py    a logged game as steps for a timeline
    sessions.py  the tables a server holds, by id and the token of the page that dealt them
    seats.py     one game over the network: a token per seat, each seeing only its seat's view
    reach.py     who may reach the server: its own address, its own page, JSON only
    server.py    the Starlette app: the JSON API and the static page (static/)
    network.py   the app of a table over the network: its API by token, live updates as events

Only `server.py`, `network.py` and `reach.py` need the optional extra `web` (Starlette, uvicorn); the page
itself is static HTML, CSS and JavaScript in the package, with no build step and nothing from
the net.
"""
