#!/usr/bin/env python3
r"""Render a map backdrop (land, sea, coastlines, country borders) for a lat/lon bounding box,
and compute the pixel position of named places on it.

Data: Natural Earth (public domain) as TopoJSON, from the npm package `world-atlas`. The
TopoJSON is decoded here (quantized, delta-encoded arcs); nothing else is needed but Pillow.

    python3 tools/backdrop/backdrop.py --bbox 8.95,44.9,14.75,47.4 --size 1600x1200 \
        --places tools/backdrop/places/italian-front.json \
        --out scenarios/italian-front/backdrop.png \
        --positions tools/backdrop/places/italian-front.positions.json

See README.md beside this file.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ATLAS_VERSION = "2.0.2"
ATLAS_DIR = HERE / "node_modules" / "world-atlas"

# Muted wargame palette.
SEA = (188, 205, 207)
SEA_NEAR_COAST = (170, 190, 194)
WATER_LINE = (128, 152, 158)
LAND = (233, 226, 203)
COAST = (96, 112, 114)
BORDER = (150, 118, 96)
GRATICULE_SEA = (176, 194, 197)
GRATICULE_LAND = (221, 212, 186)
BOX_FILL = (241, 236, 220)
BOX_EDGE = (110, 100, 84)
FRAME = (70, 66, 58)


# --------------------------------------------------------------------------- setup


def ensure_pillow():
    try:
        import PIL  # noqa: F401
    except ImportError:
        print("backdrop: installing Pillow with pip", file=sys.stderr)
        subprocess.check_call(
            [sys.executable, "-m", "pip", "install", "--quiet", "-r", str(HERE / "requirements.txt")]
        )


def ensure_atlas(resolution: str) -> Path:
    path = ATLAS_DIR / f"countries-{resolution}.json"
    if not path.exists():
        print(f"backdrop: installing world-atlas@{ATLAS_VERSION} with npm", file=sys.stderr)
        subprocess.check_call(
            ["npm", "install", "--prefix", str(HERE), "--no-audit", "--no-fund", "--silent"]
        )
    if not path.exists():
        sys.exit(f"backdrop: {path} is missing after npm install")
    return path


# --------------------------------------------------------------------------- TopoJSON


def decode_arcs(topo: dict) -> list[list[tuple[float, float]]]:
    """Undo delta encoding and quantization: every arc as a list of (lon, lat)."""
    t = topo.get("transform")
    arcs = []
    for arc in topo["arcs"]:
        if t:
            (sx, sy), (tx, ty) = t["scale"], t["translate"]
            x = y = 0
            pts = []
            for dx, dy, *_ in arc:
                x += dx
                y += dy
                pts.append((x * sx + tx, y * sy + ty))
        else:
            pts = [(p[0], p[1]) for p in arc]
        arcs.append(pts)
    return arcs


def ring_points(ring: list[int], arcs) -> list[tuple[float, float]]:
    """A ring is a list of arc indices; ~i (negative) means arc i reversed."""
    out: list[tuple[float, float]] = []
    for idx in ring:
        pts = arcs[idx] if idx >= 0 else arcs[~idx][::-1]
        out.extend(pts if not out else pts[1:])
    # Rings that cross the 180th meridian (Eurasia's outline does) jump by 360 degrees of
    # longitude; unwrap them so no step exceeds 180, or the fill flips across the continent.
    for i in range(1, len(out)):
        lon, lat = out[i]
        prev = out[i - 1][0]
        while lon - prev > 180:
            lon -= 360
        while lon - prev < -180:
            lon += 360
        out[i] = (lon, lat)
    return out


def polygons_of(geom: dict) -> list[list[list[int]]]:
    if geom["type"] == "Polygon":
        return [geom["arcs"]]
    if geom["type"] == "MultiPolygon":
        return geom["arcs"]
    return []


def border_arcs(geoms: list[dict]) -> set[int]:
    """Arcs shared by two different geometries: the land borders between countries."""
    users: dict[int, set[int]] = {}
    for gi, geom in enumerate(geoms):
        for poly in polygons_of(geom):
            for ring in poly:
                for idx in ring:
                    users.setdefault(idx if idx >= 0 else ~idx, set()).add(gi)
    return {a for a, u in users.items() if len(u) > 1}


# --------------------------------------------------------------------------- projection


class Projection:
    """Mercator or equirectangular, fitted to a bbox and an image size.

    When both width and height are given, the bbox is widened (centred) in one direction so
    the image keeps true proportions; the effective bbox is reported.
    """

    def __init__(self, bbox, width, height, kind):
        self.kind = kind
        w, s, e, n = bbox
        self.k = math.cos(math.radians((s + n) / 2)) if kind == "equirect" else 1.0
        x0, y0 = self._raw(w, s)
        x1, y1 = self._raw(e, n)
        span_x, span_y = x1 - x0, y1 - y0
        if height is None:
            height = round(width * span_y / span_x)
        else:
            want = width / height
            if span_x / span_y < want:
                grow = span_y * want - span_x
                x0, x1 = x0 - grow / 2, x1 + grow / 2
            else:
                grow = span_x / want - span_y
                y0, y1 = y0 - grow / 2, y1 + grow / 2
        self.x0, self.y0, self.x1, self.y1 = x0, y0, x1, y1
        self.width, self.height = width, height
        self.scale = width / (x1 - x0)

    def _raw(self, lon, lat):
        x = math.radians(lon) * self.k
        if self.kind == "mercator":
            lat = max(-85.0, min(85.0, lat))
            y = math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
        else:
            y = math.radians(lat)
        return x, y

    def _inverse(self, x, y):
        lon = math.degrees(x / self.k)
        if self.kind == "mercator":
            lat = math.degrees(2 * math.atan(math.exp(y)) - math.pi / 2)
        else:
            lat = math.degrees(y)
        return lon, lat

    def __call__(self, lon, lat):
        x, y = self._raw(lon, lat)
        return (x - self.x0) * self.scale, (self.y1 - y) * self.scale

    def bbox(self):
        w, s = self._inverse(self.x0, self.y0)
        e, n = self._inverse(self.x1, self.y1)
        return w, s, e, n


# --------------------------------------------------------------------------- rendering


def clip_box(pts, bbox, margin):
    w, s, e, n = bbox
    return any(w - margin <= x <= e + margin and s - margin <= y <= n + margin for x, y in pts)


def render(topo, proj: Projection, ss: int, places, graticule_step: float):
    from PIL import Image, ImageChops, ImageDraw, ImageFilter

    W, H = proj.width * ss, proj.height * ss
    arcs = decode_arcs(topo)
    geoms = topo["objects"]["countries"]["geometries"]
    land_geoms = topo["objects"]["land"]["geometries"]
    bb = proj.bbox()
    margin = max(bb[2] - bb[0], bb[3] - bb[1]) * 0.25

    def px(pts):
        return [((x * ss), (y * ss)) for x, y in (proj(lon, lat) for lon, lat in pts)]

    # Land mask: outer rings filled, holes cut (even-odd by drawing holes in 0).
    mask = Image.new("L", (W, H), 0)
    md = ImageDraw.Draw(mask)
    for geom in land_geoms:
        for poly in polygons_of(geom):
            rings = [ring_points(r, arcs) for r in poly]
            if not rings or not clip_box(rings[0], bb, margin):
                continue
            md.polygon(px(rings[0]), fill=255)
            for hole in rings[1:]:
                md.polygon(px(hole), fill=0)

    img = Image.new("RGB", (W, H), SEA)
    # Darker shallow water along the coast: a blurred halo of the land mask.
    halo = mask.filter(ImageFilter.MaxFilter(ss * 2 + 1)).filter(ImageFilter.GaussianBlur(ss * 10))
    img.paste(Image.new("RGB", (W, H), SEA_NEAR_COAST), (0, 0), halo.point(lambda v: int(v * 0.8)))
    # Water lines: faint lines following the coast offshore, as on old printed maps.
    for dist, strength in ((6, 230), (14, 160), (24, 100)):
        grown = mask.filter(ImageFilter.GaussianBlur(ss * dist / 2)).point(lambda v: 255 if v > 8 else 0)
        ring = grown.filter(ImageFilter.FIND_EDGES).point(lambda v, s=strength: s if v > 40 else 0)
        img.paste(Image.new("RGB", (W, H), WATER_LINE), (0, 0), ring)
    img.paste(Image.new("RGB", (W, H), LAND), (0, 0), mask)

    # Graticule, faint, on land and sea.
    if graticule_step > 0:
        gl = Image.new("L", (W, H), 0)
        gd = ImageDraw.Draw(gl)
        lon = math.floor(bb[0] / graticule_step) * graticule_step
        while lon <= bb[2]:
            gd.line(px([(lon, bb[1] - 1), (lon, bb[3] + 1)]), fill=255, width=ss)
            lon += graticule_step
        lat = math.floor(bb[1] / graticule_step) * graticule_step
        while lat <= bb[3]:
            gd.line(px([(bb[0] - 1, lat), (bb[2] + 1, lat)]), fill=255, width=ss)
            lat += graticule_step
        img.paste(Image.new("RGB", (W, H), GRATICULE_SEA), (0, 0), ImageChops.multiply(gl, ImageChops.invert(mask)))
        img.paste(Image.new("RGB", (W, H), GRATICULE_LAND), (0, 0), ImageChops.multiply(gl, mask))

    d = ImageDraw.Draw(img)
    # Country borders: dashed, muted.
    dash, gap = 7 * ss, 5 * ss
    for a in sorted(border_arcs(geoms)):
        pts = arcs[a]
        if not clip_box(pts, bb, margin):
            continue
        dashed_line(d, px(pts), dash, gap, BORDER, int(2.2 * ss))
    # Coastlines: outline of the land mask.
    edge = mask.filter(ImageFilter.FIND_EDGES).point(lambda v: 255 if v > 40 else 0)
    edge = edge.filter(ImageFilter.MaxFilter(2 * (ss // 2) + 1))
    img.paste(Image.new("RGB", (W, H), COAST), (0, 0), edge)

    # Boxes (reserve and off-map boxes) as framed panels.
    for p in places:
        if p.get("box"):
            x, y = p["_x"] * ss, p["_y"] * ss
            bw, bh = p.get("w", 150) * ss / 2, p.get("h", 90) * ss / 2
            d.rectangle([x - bw + 3 * ss, y - bh + 3 * ss, x + bw + 3 * ss, y + bh + 3 * ss], fill=(150, 150, 140))
            d.rectangle([x - bw, y - bh, x + bw, y + bh], fill=BOX_FILL, outline=BOX_EDGE, width=2 * ss)
            d.rectangle([x - bw + 5 * ss, y - bh + 5 * ss, x + bw - 5 * ss, y + bh - 5 * ss], outline=BOX_EDGE, width=ss)

    # Neat line around the map.
    d.rectangle([0, 0, W - 1, H - 1], outline=FRAME, width=6 * ss)
    d.rectangle([9 * ss, 9 * ss, W - 1 - 9 * ss, H - 1 - 9 * ss], outline=FRAME, width=ss)

    return img.resize((proj.width, proj.height), Image.LANCZOS)


def dashed_line(d, pts, dash, gap, fill, width):
    on, left = True, dash
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg - pos > 1e-9:
            step = min(left, seg - pos)
            if on:
                t0, t1 = pos / seg, (pos + step) / seg
                d.line(
                    [(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0), (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)],
                    fill=fill,
                    width=width,
                )
            pos += step
            left -= step
            if left <= 1e-9:
                on = not on
                left = dash if on else gap


def preview(img, places, path):
    """A check image: the backdrop with every place marked and labelled by id."""
    from PIL import ImageDraw

    img = img.copy()
    d = ImageDraw.Draw(img)
    for p in places:
        x, y = p["_x"], p["_y"]
        d.ellipse([x - 5, y - 5, x + 5, y + 5], fill=(180, 40, 30), outline=(0, 0, 0))
        d.text((x + 7, y - 6), p["id"], fill=(20, 20, 20))
    img.save(path)


# --------------------------------------------------------------------------- main


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bbox", required=True, help="west,south,east,north in degrees (lon,lat,lon,lat)")
    ap.add_argument("--size", default="1600x1200", help="WIDTHxHEIGHT in pixels, or WIDTH alone to keep the bbox's proportions")
    ap.add_argument("--projection", choices=["mercator", "equirect"], default="mercator")
    ap.add_argument("--resolution", choices=["10m", "50m", "110m"], default="10m", help="Natural Earth scale")
    ap.add_argument("--graticule", type=float, default=1.0, help="graticule step in degrees, 0 for none")
    ap.add_argument("--places", type=Path, help="JSON list of places: {id, lat, lon, nudge?: [dx, dy]} or {id, x, y, box: true, w?, h?}")
    ap.add_argument("--out", type=Path, help="PNG to write")
    ap.add_argument("--positions", type=Path, help="JSON to write with the pixel position of every place")
    ap.add_argument("--preview", type=Path, help="PNG to write with places marked, for checking")
    ap.add_argument("--supersample", type=int, default=2)
    args = ap.parse_args(argv)

    bbox = tuple(float(v) for v in args.bbox.split(","))
    if len(bbox) != 4 or bbox[0] >= bbox[2] or bbox[1] >= bbox[3]:
        sys.exit("backdrop: --bbox must be west,south,east,north with west<east and south<north")
    if "x" in args.size:
        width, height = (int(v) for v in args.size.split("x"))
    else:
        width, height = int(args.size), None
    proj = Projection(bbox, width, height, args.projection)

    places = json.loads(args.places.read_text()) if args.places else []
    positions = {}
    for p in places:
        if "lat" in p and "lon" in p:
            x, y = proj(p["lon"], p["lat"])
            # A nudge moves a crowded place a few pixels off its true spot, for legibility.
            dx, dy = p.get("nudge", (0, 0))
            x, y = x + dx, y + dy
        else:
            x, y = p["x"], p["y"]
        p["_x"], p["_y"] = round(x, 1), round(y, 1)
        if not (0 <= x <= proj.width and 0 <= y <= proj.height):
            print(f"backdrop: warning: {p['id']} lies outside the image at ({x:.0f}, {y:.0f})", file=sys.stderr)
        positions[p["id"]] = {"x": p["_x"], "y": p["_y"]}

    eff = proj.bbox()
    print(f"backdrop: {proj.width}x{proj.height} px, {args.projection}, bbox "
          f"{eff[0]:.4f},{eff[1]:.4f},{eff[2]:.4f},{eff[3]:.4f}", file=sys.stderr)

    if args.positions:
        args.positions.write_text(json.dumps(
            {"width": proj.width, "height": proj.height, "projection": args.projection,
             "bbox": [round(v, 4) for v in eff], "places": positions}, indent=2) + "\n")

    if args.out or args.preview:
        ensure_pillow()
        topo = json.loads(ensure_atlas(args.resolution).read_text())
        img = render(topo, proj, args.supersample, places, args.graticule)
        if args.out:
            # A small palette keeps the file commit-sized; the muted colours survive it well.
            img.quantize(colors=64, method=2, dither=0).save(args.out, optimize=True)
            print(f"backdrop: wrote {args.out} ({args.out.stat().st_size // 1024} KiB)", file=sys.stderr)
        if args.preview:
            preview(img, places, args.preview)


if __name__ == "__main__":
    main()
