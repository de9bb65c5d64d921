"""Django's Redis cache, with one Redis client per connection pool instead of one per call.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` for every cache call;
redis-py's constructor fills a table of about 170 response callbacks each time: about a
millisecond of CPU per call, more than the call itself. An anonymous view of a stored page
(``tournaments.publishing.whole_pages``) makes one cache call, so that millisecond was most of
its cost (docs/performance.md, issue 54). A ``redis.Redis`` is safe to share between threads
(each command takes a connection from the pool), and the pool itself is per process (redis-py
checks the process id after a fork).
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class ReusedClient(RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict = {}

    def get_client(self, key=None, *, write=False):
        # Django's stubs leave out RedisCacheClient's private members (present at run time)
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = ReusedClient
