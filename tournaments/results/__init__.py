"""Results: what captains and officials report, and what becomes the confirmed result.

Owns ``reporting`` (versioned reports, confirmation by the other captain, disputes and their
decision, corrections), ``sheets`` (the hand-by-hand score sheet checked by the cribbage engine),
``sheet_form`` (its form layout) and ``crapette`` (Crapette game results). A confirmed result is
announced with the :data:`~tournaments.results.signals.result_confirmed` signal, so the parts that
follow it (standings, cached pages, season exports) are not imported from here. May import the
models, ``events.options``, ``publishing.caching``, ``audit``, ``errors``, ``accounts`` and
``games``.
"""
