# Screenshot comparison for the browser tier (Pillow, Debian's python3-pil): the fraction of pixels
# whose largest channel difference exceeds a threshold (48 of 255 by default: font rasterisation
# and GL differences stay under it, a missing panel or tofu does not), over the whole image or a
# box, and a diff picture (the first image dimmed, the differing pixels red) for a failure's report.
import io

from PIL import Image, ImageChops

CHANNEL_TOLERANCE = 48


def load(png):
    """An RGB image from PNG bytes or a path."""
    image = Image.open(io.BytesIO(png) if isinstance(png, (bytes, bytearray)) else png)
    return image.convert("RGB")


def different_mask(a, b, tolerance=CHANNEL_TOLERANCE):
    """A mode-L mask, 255 where any channel of a and b differs by more than `tolerance`."""
    if a.size != b.size:
        raise ValueError(f"sizes differ: {a.size[0]}x{a.size[1]} and {b.size[0]}x{b.size[1]}")
    r, g, bl = ImageChops.difference(a, b).split()
    over = [c.point(lambda v: 255 if v > tolerance else 0) for c in (r, g, bl)]
    return ImageChops.lighter(ImageChops.lighter(over[0], over[1]), over[2])


def different_fraction(a, b, box=None, tolerance=CHANNEL_TOLERANCE):
    """The fraction (0..1) of pixels that differ, in `box` (left, top, right, bottom) if given."""
    mask = different_mask(a, b, tolerance)
    if box:
        mask = mask.crop(box)
    histogram = mask.histogram()
    total = mask.size[0] * mask.size[1]
    return histogram[255] / total if total else 0.0


def diff_picture(a, b, tolerance=CHANNEL_TOLERANCE):
    mask = different_mask(a, b, tolerance)
    dim = Image.blend(a, Image.new("RGB", a.size, (255, 255, 255)), 0.7)
    dim.paste(Image.new("RGB", a.size, (230, 0, 0)), (0, 0), mask)
    return dim


def distinct_colours(image, limit=256):
    """How many distinct colours the image has, up to `limit` (a blank canvas has one or two)."""
    colours = image.getcolors(maxcolors=limit)
    return limit if colours is None else len(colours)
