"""The hall's name on the Wi-Fi (``http://huche.local:8000``) while the hall's watcher process
(operations/hall/watch.py) really announces it: the printed slips carry it then, since it survives
a change of the laptop's address."""

from __future__ import annotations

from django.core.cache import cache

#: Where the watcher process says which name it announces (operations/hall/watch.py): the web
#: processes print it on the slips only while it really is announced.
NAME_KEY = "huche:hall:announced-base-url"


def announced_base_url() -> str | None:
    """``http://huche.local:8000`` while the watcher announces the name, else None."""
    try:
        return cache.get(NAME_KEY)
    except Exception:  # the cache down must not stop the slips from printing
        return None
