package loadtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
)

// decodeInbound reads into m the fields of a server message that inbound
// names, passing over the rest (the view, the events, the game: nine
// tenths of a frame) by their brackets alone. encoding/json reads every
// byte it passes over as closely as the ones it keeps: decoding whole
// frames was half of the tool's CPU, which at 2,000 actions/s filled most
// of its core, so past that the tool's own delay was in the latencies it
// reported. A message that is not one JSON object is an error; what is
// passed over is checked for its brackets and strings only (the server's
// tests check that its frames are JSON).
func decodeInbound(b []byte, m *inbound) error {
	*m = inbound{}
	return eachField(b, m.set)
}

// set decodes the value of one key of a message, if the tool reads it.
// Keys match exactly, as the server writes them. Of a frame's match (its
// players are most of it) only the id, number and status are read.
func (m *inbound) set(key string, value []byte) error {
	switch key {
	case "type":
		return text(value, &m.Type)
	case "status":
		return text(value, &m.Status)
	case "version":
		return number64(value, &m.Version)
	case "legal":
		// Kept as it is, and read only when the seat acts: most frames are
		// replaced by the next before that, and decoding every one was a
		// sixth of the tool's CPU. A copy: the message's buffer is reused.
		switch {
		case string(value) == "null":
			m.Legal = nil
		case value[0] == '[':
			m.Legal = append(json.RawMessage(nil), value...)
		default:
			return errNotObject
		}
		return nil
	case "id":
		return text(value, &m.ID)
	case "match_id":
		return text(value, &m.MatchID)
	case "code":
		return text(value, &m.Code)
	case "match":
		if string(value) == "null" {
			return nil
		}
		m.Match = &matchRef{}
		return eachField(value, m.Match.set)
	}
	return nil
}

func (r *matchRef) set(key string, value []byte) error {
	switch key {
	case "id":
		return text(value, &r.ID)
	case "number":
		return number(value, &r.Number)
	case "status":
		return text(value, &r.Status)
	}
	return nil
}

// text decodes a JSON string; one without escapes (ids, codes, statuses)
// is taken as it stands.
func text(value []byte, s *string) error {
	if len(value) >= 2 && value[0] == '"' && bytes.IndexByte(value, '\\') < 0 {
		*s = string(value[1 : len(value)-1])
		return nil
	}
	return json.Unmarshal(value, s)
}

// number decodes a JSON integer.
func number(value []byte, n *int) error {
	v, err := strconv.Atoi(string(value))
	if err != nil {
		return json.Unmarshal(value, n)
	}
	*n = v
	return nil
}

// number64 decodes a JSON integer that may pass 2^31 (a version).
func number64(value []byte, n *int64) error {
	v, err := strconv.ParseInt(string(value), 10, 64)
	if err != nil {
		return json.Unmarshal(value, n)
	}
	*n = v
	return nil
}

// eachField hands set every key of the JSON object b with its value.
func eachField(b []byte, set func(key string, value []byte) error) error {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return errNotObject
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return trailing(b, i+1)
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return errNotObject
		}
		end, err := skipValue(b, i)
		if err != nil {
			return err
		}
		key := b[i+1 : end-1]
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return errNotObject
		}
		i = skipSpace(b, i+1)
		end, err = skipValue(b, i)
		if err != nil {
			return err
		}
		if err := set(string(key), b[i:end]); err != nil {
			return err
		}
		i = skipSpace(b, end)
		if i >= len(b) {
			return errNotObject
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return trailing(b, i+1)
		default:
			return errNotObject
		}
	}
}

var errNotObject = errors.New("not one JSON object")

func trailing(b []byte, i int) error {
	if skipSpace(b, i) != len(b) {
		return errNotObject
	}
	return nil
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
		i++
	}
	return i
}

// skipValue returns the end of the JSON value at b[i]: a string, or an
// object or array by its brackets (strings inside them skipped whole, so
// a bracket in a name does not count), or a number or literal up to the
// next delimiter. The values kept are decoded, and so checked, in full.
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, errNotObject
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				end, err := skipString(b, i)
				if err != nil {
					return 0, err
				}
				i = end
				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1, nil
				}
			}
			i++
		}
		return 0, errNotObject
	default:
		start := i
		for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ' ' && b[i] != '\n' && b[i] != '\r' && b[i] != '\t' {
			i++
		}
		if i == start {
			return 0, errNotObject
		}
		return i, nil
	}
}

// skipString returns the end of the string whose quote is at b[i].
func skipString(b []byte, i int) (int, error) {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1, nil
		}
	}
	return 0, errNotObject
}
