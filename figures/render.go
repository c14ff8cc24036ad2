package figures

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image/png"
	"io"
	"math"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// fpdf stamps every document with time.Now() unless its package defaults
// are set; set them once, before any goroutine can render, so that PDFs
// are byte-identical across runs. Sorting the catalog removes map order.
func init() {
	pinned := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	fpdf.SetDefaultCreationDate(pinned)
	fpdf.SetDefaultModificationDate(pinned)
	fpdf.SetDefaultCatalogSort(true)
}

// maxPixels bounds a PNG's size (4 bytes a pixel in memory while drawing).
const maxPixels = 64_000_000

// Figure is one of the figure inputs of this package (FailureMix,
// ECSByProtocol, Forest, DomainHeatMap, PolicyRanks).
type Figure interface {
	// Validate reports the first problem of the input, naming the field.
	Validate() error
	// layout computes the size and the drawing of the figure.
	layout(st style, o Options) (scene, error)
}

// scene is a laid-out figure: its size and how to draw it.
type scene struct {
	w, h vg.Length
	draw func(c draw.Canvas)
}

// Size returns the width and height fig will have under o.
func Size(fig Figure, o Options) (w, h vg.Length, err error) {
	sc, _, err := prepare(fig, o)
	if err != nil {
		return 0, 0, err
	}
	return sc.w, sc.h, nil
}

func prepare(fig Figure, o Options) (scene, Options, error) {
	if fig == nil {
		return scene{}, o, fmt.Errorf("figures: nil figure")
	}
	o, err := o.resolved()
	if err != nil {
		return scene{}, o, err
	}
	if err := fig.Validate(); err != nil {
		return scene{}, o, err
	}
	o, sc, err := fit(fig, o)
	if err != nil {
		return scene{}, o, err
	}
	if o.Height > 0 {
		sc.h = o.Height
	}
	return sc, o, nil
}

// maxAutoWidth bounds how far fit widens a figure (a 120-character name at 13 pt needs
// about 11 in).
const maxAutoWidth = 48 * vg.Inch

// PageHeight is the text height of a US-letter page with 1 in margins, the tallest figure
// a paper can print whole. A figure of free height (Options.Height 0) drawn taller than
// this at a width under Page's is drawn at Page's width instead when it then fits (more
// panels side by side, names on fewer lines): a figure* across the page rather than one
// no page holds.
const PageHeight = 9 * vg.Inch

// fit lays fig out under o (fitWidth) and, when it is taller than a page, at the page's
// width if that makes it fit (PageHeight).
func fit(fig Figure, o Options) (Options, scene, error) {
	fo, sc, err := fitWidth(fig, o)
	if err != nil || !tallerThanPage(o, fo, sc) {
		return fo, sc, err
	}
	wide := o
	wide.Width = Page.Width
	if wo, wsc, err := fitWidth(fig, wide); err == nil && wsc.h <= PageHeight {
		return wo, wsc, nil
	}
	return fo, sc, nil
}

// tallerThanPage says whether a figure asked for at o and laid out at fo as sc is one fit
// tries at the page's width: of free height, taller than a page, narrower than Page.
func tallerThanPage(o, fo Options, sc scene) bool {
	return o.Height == 0 && sc.h > PageHeight && fo.Width < Page.Width
}

// tallAt is how tall fig is before fit turns to the page's width (PageHeight), at the
// width it is then laid out at (o's, or wider to fit its names), and the width fit draws
// it at: wider than at when fit turned to the page's width, which a caller that promised
// a size says why.
func tallAt(fig Figure, o Options) (h, at, drawn vg.Length, err error) {
	if o, err = o.resolved(); err != nil {
		return 0, 0, 0, err
	}
	if err := fig.Validate(); err != nil {
		return 0, 0, 0, err
	}
	fo, sc, err := fitWidth(fig, o)
	if err != nil || !tallerThanPage(o, fo, sc) {
		return sc.h, fo.Width, fo.Width, err
	}
	wo, _, err := fit(fig, o)
	return sc.h, fo.Width, wo.Width, err
}

// fitWidth lays fig out under o, adapting the size to the data rather than failing: content
// wider than o.Width widens the figure by what it lacks (more than once when a wider
// figure changes the layout), and a set height too small for the rows gives way to the
// height the rows need. What still does not fit at maxAutoWidth is an error.
func fitWidth(fig Figure, o Options) (Options, scene, error) {
	for range 12 {
		sc, err := fig.layout(newStyle(o), o)
		var we *WidthError
		var he *HeightError
		switch {
		case err == nil:
			return o, sc, nil
		case errors.As(err, &we) && o.Width < maxAutoWidth:
			o.Width = min(maxAutoWidth, o.Width+max(we.Need-we.Have, 0)+o.FontSize)
		case errors.As(err, &he) && o.Height > 0:
			o.Height = 0
		default:
			return o, scene{}, err
		}
	}
	// The last widening may be the one that fits: its scene, not an empty one.
	sc, err := fig.layout(newStyle(o), o)
	if err != nil {
		return o, scene{}, err
	}
	return o, sc, nil
}

// Fitted returns the options fig is drawn at when asked for o: o itself, or a wider or
// taller size that its names and rows need (fit). A caller that promised a size can say
// what changed. It is an error when fig cannot be drawn at o in every format: too wide
// even widened, or a PNG at o.DPI past 64 megapixels.
func Fitted(fig Figure, o Options) (Options, error) {
	sc, fo, err := prepare(fig, o)
	if err == nil {
		// A caller that writes every format (the report, figures) leaves out a figure
		// whose PNG could not be drawn, rather than failing on it after the others.
		err = pngFits(sc, fo)
	}
	return fo, err
}

// pngFits refuses a scene whose PNG at o.DPI would pass maxPixels.
func pngFits(sc scene, o Options) error {
	wpx, hpx := float64(sc.w/vg.Inch)*float64(o.DPI), float64(sc.h/vg.Inch)*float64(o.DPI)
	if wpx*hpx > maxPixels {
		return fmt.Errorf("figures: Options.DPI: a %.0f × %.0f px PNG exceeds %d megapixels (lower the DPI or the number of rows)", wpx, hpx, maxPixels/1_000_000)
	}
	return nil
}

// Render draws fig in format f and writes it to w.
func Render(fig Figure, f Format, w io.Writer, o Options) error {
	sc, o, err := prepare(fig, o)
	if err != nil {
		return err
	}
	var cw vg.CanvasSizer
	switch f {
	case SVG:
		cw = vgsvg.New(sc.w, sc.h)
	case PDF:
		cw = newPDF(sc.w, sc.h)
	case PNG:
		if err := pngFits(sc, o); err != nil {
			return err
		}
		cw = vgimg.NewWith(vgimg.UseWH(sc.w, sc.h), vgimg.UseDPI(o.DPI)) // white background
	default:
		return fmt.Errorf("figures: unknown format %q (want svg, pdf or png)", string(f))
	}
	c := draw.New(cw)
	if f != PNG {
		fillRect(c, white, c.Rectangle)
	}
	sc.draw(c)
	if img, ok := cw.(*vgimg.Canvas); ok {
		// Fastest deflate: vgimg's default level spends most of the PNG
		// time compressing flat colour for a few percent of file size.
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		var b bytes.Buffer
		if err := enc.Encode(&b, img.Image()); err != nil {
			return err
		}
		_, err := w.Write(withDPI(b.Bytes(), o.DPI))
		return err
	}
	if f == SVG {
		var b bytes.Buffer
		if _, err := cw.(io.WriterTo).WriteTo(&b); err != nil {
			return err
		}
		out, err := outlineSVGText(b.Bytes())
		if err != nil {
			return err
		}
		_, err = w.Write(out)
		return err
	}
	_, err = cw.(io.WriterTo).WriteTo(w)
	return err
}

// RenderAll draws fig in every format of Formats, in memory.
func RenderAll(fig Figure, o Options) (map[Format][]byte, error) {
	out := make(map[Format][]byte, len(Formats))
	for _, f := range Formats {
		var b bytes.Buffer
		if err := Render(fig, f, &b, o); err != nil {
			return nil, err
		}
		out[f] = b.Bytes()
	}
	return out, nil
}

// withDPI inserts a pHYs chunk (pixels per metre) after the IHDR chunk of
// an encoded PNG, which image/png does not write: without it a document
// or viewer takes the image as 72 or 96 DPI and shows it several times its
// size.
func withDPI(p []byte, dpi int) []byte {
	const ihdrEnd = 8 + 4 + 4 + 13 + 4 // signature, then IHDR's length, type, data and CRC
	if len(p) < ihdrEnd || string(p[12:16]) != "IHDR" {
		return p
	}
	ppm := uint32(math.Round(float64(dpi) / 0.0254))
	chunk := make([]byte, 0, 4+4+9+4)
	chunk = binary.BigEndian.AppendUint32(chunk, 9)
	chunk = append(chunk, "pHYs"...)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = append(chunk, 1) // unit: the metre
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	out := make([]byte, 0, len(p)+len(chunk))
	out = append(out, p[:ihdrEnd]...)
	out = append(out, chunk...)
	return append(out, p[ihdrEnd:]...)
}

// PageNote says how fig, asked for at o, stands to a page (PageHeight): drawn at the page's
// width to fit one ("drawn 7.0 in wide (not 3.5): 14.4 in tall at 3.5 in, more than a
// page's 9 in"), or taller than a page even so ("drawn 16.3 in tall, more than a page's
// 9 in: too many rows for one figure on a page", naming its width too when fitting its
// names widened it); "" when it fits one, or has a set height.
func PageNote(fig Figure, o Options) string {
	ro, err := o.resolved()
	if err != nil || ro.Height > 0 {
		return ""
	}
	tall, at, drawn, err := tallAt(fig, ro)
	if err != nil {
		return ""
	}
	page := float64(PageHeight / vg.Inch)
	if drawn != at {
		// The height at the width it was laid out at, which fitting its names may have
		// widened past the asked one: a heat map asked at 3.5 in and 9.2 in tall at
		// 5.9 in said "9.2 in tall at 3.5 in".
		return fmt.Sprintf("drawn %.1f in wide (not %.1f): %.1f in tall at %.1f in, more than a page's %.0f in", float64(drawn/vg.Inch), float64(ro.Width/vg.Inch), float64(tall/vg.Inch), float64(at/vg.Inch), page)
	}
	if w, h, err := Size(fig, ro); err == nil && h > PageHeight {
		// Widened to fit its names too, it says so: this note stands in for the width's
		// ("drawn 5.9 in wide" of a heat map asked at 3.5 in went unsaid).
		wide := ""
		if w > ro.Width {
			wide = fmt.Sprintf("%.1f in wide (not %.1f) to fit its names and ", float64(w/vg.Inch), float64(ro.Width/vg.Inch))
		}
		return fmt.Sprintf("drawn %s%.1f in tall, more than a page's %.0f in: too many rows for one figure on a page", wide, float64(h/vg.Inch), page)
	}
	return ""
}
