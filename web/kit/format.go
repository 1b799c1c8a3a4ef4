package kit

import (
	"encoding/json"
	"strconv"
)

// Itoa is strconv.Itoa, short for templates.
func Itoa(n int) string { return strconv.Itoa(n) }

// I64 writes a Unix-ms time or any int64.
func I64(n int64) string { return strconv.FormatInt(n, 10) }

// DataOr is a move's data for a data-data attribute, or def when it has none.
func DataOr(d json.RawMessage, def string) string {
	if len(d) == 0 {
		return def
	}
	return string(d)
}

// ToInt reads a template field's value (a legal move lists them as any).
func ToInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case float64:
		return int(n), n == float64(int(n))
	case json.Number:
		i, err := n.Int64()
		return int(i), err == nil
	}
	return 0, false
}

// Signed is "+40", "−50" or "0", with a real minus sign.
func Signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}

// Score is n with a real minus sign.
func Score(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
