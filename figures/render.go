package figures

import (
	"bytes"
	"fmt"
	"image/png"
	"io"
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
	sc, err := fig.layout(newStyle(o), o)
	if err != nil {
		return scene{}, o, err
	}
	if o.Height > 0 {
		sc.h = o.Height
	}
	return sc, o, nil
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
		wpx, hpx := float64(sc.w/vg.Inch)*float64(o.DPI), float64(sc.h/vg.Inch)*float64(o.DPI)
		if wpx*hpx > maxPixels {
			return fmt.Errorf("figures: Options.DPI: a %.0f × %.0f px PNG exceeds %d megapixels (lower the DPI or the number of rows)", wpx, hpx, maxPixels/1_000_000)
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
		return enc.Encode(w, img.Image())
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
