"""Archives: one JSON file carries a whole event from one Huche installation to another.

Owns ``format`` (the versioned file format and its signature), ``checks`` (every value and
reference checked, reports re-fingerprinted and sheets re-checked by the engine), ``store`` (the
one transaction that writes an import; one game's history in ``game_merge``, the people it names
in ``users``, what it answers or why it refuses in ``outcome``) and ``transfer`` (``export_event`` / ``import_event``). May
import every service part below it (``events``, ``results``, ``standings``, ``publishing``), the
models, ``audit``, ``errors`` and ``accounts``; nothing imports ``archives`` but the commands and
views.
"""
