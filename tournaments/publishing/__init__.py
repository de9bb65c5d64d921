"""Publishing: what leaves Huche for people to read, and the caches in front of it.

Owns ``exports`` (CSV files), ``printing`` (score sheets and QR codes), ``charts`` (SVG charts)
and ``caching`` (fragments keyed by each event's version). ``caching`` is part of the base layer:
every service bumps an event's version through it, and it imports only the models. ``exports``,
``printing`` and ``charts`` sit above the standings and may import ``standings.service``, the
models and ``errors``; they never write anything.
"""
