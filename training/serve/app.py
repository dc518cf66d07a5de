"""The HTTP routes of ``broadside serve`` (Starlette) and their input checks.

    GET  /                                          the page (page.html)
    GET  /api/games                                 games, player counts, agent kinds
    POST /api/tables                                {game, config, players, seed?} -> seat links
    GET  /api/tables/{table}/seats/{token}          the state as that seat sees it
    GET  /api/tables/{table}/seats/{token}/picture.png
    POST /api/tables/{table}/seats/{token}/action   {action, version}
    POST /api/tables/{table}/seats/{token}/leave    abandon the game (it is saved)
    GET  /api/tables/{table}/seats/{token}/replay.html   once the game is over (503 with
         Retry-After while it is still being written, in the background, when the game ends)

Every refusal is ``{"error": message}`` with a 4xx status and changes nothing: 400
malformed JSON or a field of the wrong type, 404 unknown game, table, seat or route, 409 a
stale action, not your turn or a game over, 413 a body over ``MAX_BODY`` bytes, 422 an
illegal action, 429 too many open tables. After a person's move (or a new table whose first
seat is an agent) the agents' turns run in a worker thread, one move at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from training.serve.errors import ServeError
from training.serve.opponents import play_agent_turns
from training.serve.tables import TableStore
from training.serve.views import picture_png, state_for

MAX_BODY = 16 * 1024
PAGE = Path(__file__).with_name("page.html")


async def read_json(request: Request) -> dict:
    """The request's JSON object; 413 past ``MAX_BODY`` bytes, 400 when not a JSON object."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise ServeError(413, f"request body over {MAX_BODY} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ServeError(413, f"request body over {MAX_BODY} bytes")
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ServeError(400, f"malformed JSON: {getattr(e, 'msg', e)}") from None
    if not isinstance(data, dict):
        raise ServeError(400, "the body must be a JSON object")
    return data


def integer(data: dict, key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ServeError(400, f"field {key!r} must be an integer, got {json.dumps(value)[:40]}")
    return value


def create_app(games_dir="runs/serve", models_dir="runs", max_tables: int = 32,
               idle_timeout: float = 30 * 60.0, move_delay: float = 0.0,
               replays_in_background: bool = True) -> Starlette:
    """The app; ``move_delay`` seconds pass between agent moves so a person sees each;
    ``replays_in_background=False`` writes a replay only when it is asked for (tests that
    never ask, so no thread draws pictures meanwhile)."""
    store = TableStore(games_dir, max_tables=max_tables, idle_timeout=idle_timeout,
                       models_dir=models_dir, replays_in_background=replays_in_background)

    def agents_after(table) -> BackgroundTask | None:
        if table.claim_runner():
            return BackgroundTask(play_agent_turns, table, move_delay)
        return None

    def seat(request: Request):
        table = store.get(request.path_params["table"])
        return table, table.seat_of(request.path_params["token"])

    async def page(request):
        return HTMLResponse(PAGE.read_text(encoding="utf-8"))

    async def games(request):
        import agents
        import envs

        out = []
        for name in envs.names():
            spec = envs.spec(name)
            out.append({"name": name, "title": spec.title, "min_players": spec.min_players,
                        "max_players": spec.max_players,
                        "options": (spec.make_config.__doc__ or "").strip()})
        return JSONResponse({"games": out, "agents": list(agents.KINDS)})

    async def create(request):
        data = await read_json(request)
        players = data.get("players")
        table = await run_in_threadpool(store.create, data.get("game"),
                                        data.get("config", {}), players, data.get("seed"))
        seats = [{"seat": p, "token": tok, "link": f"/?table={table.id}&seat={tok}"}
                 for p, tok in table.tokens.items()]
        return JSONResponse({"table": table.id, "seats": seats}, status_code=201,
                            background=agents_after(table))

    async def state(request):
        table, p = seat(request)
        return JSONResponse(state_for(table, p))

    async def picture(request):
        table, p = seat(request)
        data = await run_in_threadpool(picture_png, table, p)
        return Response(data, media_type="image/png", headers={"Cache-Control": "no-store"})

    async def action(request):
        table, p = seat(request)
        data = await read_json(request)
        a, version = integer(data, "action"), integer(data, "version")
        await run_in_threadpool(table.play, p, a, version)
        return JSONResponse(state_for(table, p), background=agents_after(table))

    async def leave(request):
        table, p = seat(request)
        await run_in_threadpool(table.abandon)
        return JSONResponse(state_for(table, p))

    async def replay(request):
        table, p = seat(request)
        path = await run_in_threadpool(table.replay_html, p)
        return FileResponse(path, media_type="text/html")

    async def refused(request, exc: ServeError):
        return JSONResponse({"error": exc.message}, status_code=exc.status,
                            headers=exc.headers)

    async def http_error(request, exc: HTTPException):
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    async def sweep():
        # idle tables are also freed when no request comes (requests reap them too)
        while True:
            await asyncio.sleep(min(60.0, store.idle_timeout / 2))
            await run_in_threadpool(store.sweep)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        task = asyncio.get_running_loop().create_task(sweep())
        try:
            yield
        finally:
            task.cancel()
            store.close()       # unfinished games are saved when the server stops

    base = "/api/tables/{table}/seats/{token}"
    app = Starlette(routes=[
        Route("/", page),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route(base, state),
        Route(base + "/picture.png", picture),
        Route(base + "/action", action, methods=["POST"]),
        Route(base + "/leave", leave, methods=["POST"]),
        Route(base + "/replay.html", replay),
    ], exception_handlers={ServeError: refused, HTTPException: http_error}, lifespan=lifespan)
    app.state.store = store
    return app
