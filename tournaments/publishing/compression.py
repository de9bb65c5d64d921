"""Public pages travel compressed, from Huche itself (at a hall there is no proxy to do it).

Only pages that carry no secret: compressing a secret in the same response as text an attacker
can choose lets them guess it from the response sizes (BREACH). The public pages (event,
standings, seating, rounds, teams, podium, seasons, players) hold no PIN, no captain's link
and no organizer data; their one token, the language form's CSRF token, is masked afresh in
every response by Django, and Django's gzip adds random bytes to every compressed response.
The captains' pages (``/c/``: the link's token is in them), the organizers' and officials'
pages, the login and the API are never compressed, here or by Caddy (deploy/Caddyfile).
"""

from __future__ import annotations

from django.views.decorators.gzip import gzip_page

#: Decorator for a public page's view: gzip when the browser accepts it.
public_page = gzip_page
