package results

import (
	"fmt"

	"github.com/sabench/sabench-stats/analysis"
)

// Column and cell helpers shared by the table builders: the decimals and kinds of the
// paper's tables live here.

func pctCol(key, header string) Column {
	return Column{Key: key, Header: header, Kind: KindPercent, Decimals: 1}
}

func textCol(key, header string) Column { return Column{Key: key, Header: header, Kind: KindText} }

func countCol(key, header string) Column { return Column{Key: key, Header: header, Kind: KindCount} }

func numCol(key, header string, decimals int) Column {
	return Column{Key: key, Header: header, Kind: KindNumber, Decimals: decimals}
}

func deltaCol(key, header string) Column {
	return Column{Key: key, Header: header, Kind: KindPercentInterval, Decimals: 1, Signed: true}
}

func rateCell(x analysis.Rate) Cell { return Number(x.Value()) }

func fracCell(x analysis.Rate) Cell { return Fraction(int64(x.Num), int64(x.Den)) }

func estCell(e analysis.Estimate) Cell { return Interval(e.X, e.Lo, e.Hi) }

func countCell(n int) Cell { return Count(int64(n)) }

func policyNote(r *analysis.Release) string {
	return fmt.Sprintf("Scored under policy %s.", r.Policy.String())
}
