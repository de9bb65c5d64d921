"""The REST API of the tournaments app (``/api/v1/``): thin views over the services.

Each view parses the request with a serializer, checks who is asking (``permissions``), calls
one service function, and serializes the answer. Rules live in the services; errors they raise
(:class:`~tournaments.errors.RuleError`) reach the client through ``exceptions.handler``.
"""
