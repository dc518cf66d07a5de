"""``broadside serve``: play any registered game against agents in a browser (issue 34).

One job a file:

* :mod:`training.serve.tables`: tables (one game record, its seats: people with unguessable
  seat tokens and agents), the cap on open tables, the idle timeout, saving the record;
* :mod:`training.serve.opponents`: building the agents a request names and playing their
  turns one move at a time, each seeing only its seat's observation;
* :mod:`training.serve.visibility`: which move labels another seat may read in the log;
* :mod:`training.serve.views`: what one seat is sent (state JSON, its picture as PNG);
* :mod:`training.serve.app`: the HTTP routes (Starlette) and their input checks;
* ``page.html``: the page at ``/`` (one static file, no build step, nothing downloaded).

Needs the ``serve`` extra (``pip install -e '.[serve]'``: Starlette and uvicorn).
"""

from __future__ import annotations


def create_app(*args, **kwargs):
    """The ASGI app (see :func:`training.serve.app.create_app`)."""
    from training.serve.app import create_app as make

    return make(*args, **kwargs)
