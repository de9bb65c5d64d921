"""The version of Huche running (the package's metadata): in every page's footer, in
``huche --version`` and, for staff, in ``/healthz``."""

from __future__ import annotations

from huche import __version__ as VERSION  # noqa: N812 (a constant here)


def footer(request) -> dict[str, str]:
    """Context processor: ``huche_version`` for templates/base.html."""
    return {"huche_version": VERSION}
