"""QR codes for the printed sheets (segno writes SVG, no image library needed)."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str, *, scale: int = 4) -> str:
    """An inline SVG QR code of ``url`` (error correction M: survives a crease or a stain)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=scale, xmldecl=False,
                                    svgns=True, omitsize=False)
    return buffer.getvalue().decode()
