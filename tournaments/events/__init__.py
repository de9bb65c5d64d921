"""Events: create an event, its settings and options, register and edit its teams;
``public_registration`` is the teams' own registration before the day.

Owns ``creation`` (an event, its series length), ``teams`` (teams the organizer adds and
withdraws, captains' links at registration), ``csv_import`` (a list of teams), ``options``
(the per-event choices checked against the engines' registries) and ``settings`` (the one
``update_event`` service behind both the settings page and the API). May import the models,
``audit``, ``errors``, ``publishing.caching``, ``leagues.players`` (who sits at a team),
``accounts`` and ``games``; never ``results``, ``standings``, views or the API.

Two services sit higher and say so: ``officials`` (appoint co-organizers and officials by
email: accounts, audit) and ``closing`` (the end of an event), which reads ``standings.service``
to know whether a medal tie is still open (layer 4 of docs/architecture.md; the standings never
import it).
"""
