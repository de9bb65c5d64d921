"""Publishing: what leaves Huche for people to read, and the caches in front of it.

Owns ``exports`` (CSV files), ``printing`` (score sheets and QR codes), ``charts`` (SVG charts)
and ``caching`` (fragments keyed by each event's version). The bottom layer of the services: it
may import the models, ``standings`` and ``errors``, and is imported by the other parts (which
bump an event's version when they change what a page shows).
"""
