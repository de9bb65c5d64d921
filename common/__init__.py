"""What the apps share, below all of them (they import it; it imports none of them):

- ``addresses``: what address a server listening on ``HOST:PORT`` is reached at (plain Python,
  read by the settings too);
- ``announced_name``: the hall's name on the Wi-Fi while its watcher announces it, for the
  printed links;
- ``api_input``: the API's input rules (JSON depth, unknown fields refused).
"""
