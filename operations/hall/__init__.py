"""A real event on a laptop (``huche hall``, docs/hall.md): the laptop's current addresses and
its name on the Wi-Fi (network, mdns, watch), the automatic backups every few minutes, and a
calm line after the laptop slept (suspend)."""
