package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"topsecret/internal/game"
	"topsecret/web/pages"
)

// secretRows lists the hidden facts of an omniscient view for people: the
// view's "reveal" object, if the game has one, one row per field and per
// seat ("Hands — Marie: agent red, location CAF"). Games whose boards show
// everything themselves simply have no reveal.
func secretRows(view any, names []string) []pages.SecretRow {
	b, err := json.Marshal(view)
	if err != nil {
		return nil
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil || len(top["reveal"]) == 0 {
		return nil
	}
	var rows []pages.SecretRow
	for _, kv := range orderedFields(top["reveal"]) {
		rows = append(rows, secretField(kv.key, kv.val, names)...)
	}
	return rows
}

type field struct {
	key string
	val any
}

// orderedFields decodes an object keeping its keys in order.
func orderedFields(raw json.RawMessage) []field {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var out []field
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return out
		}
		var v any
		if err := dec.Decode(&v); err != nil {
			return out
		}
		out = append(out, field{key: fmt.Sprint(t), val: v})
	}
	return out
}

func secretField(key string, v any, names []string) []pages.SecretRow {
	label := words(key)
	list, ok := v.([]any)
	if !ok {
		return []pages.SecretRow{{Label: label, Value: scalar(v)}}
	}
	if len(list) == 0 {
		return []pages.SecretRow{{Label: label, Value: "none"}}
	}
	if _, objects := list[0].(map[string]any); !objects {
		return []pages.SecretRow{{Label: label, Value: scalar(v)}}
	}
	var rows []pages.SecretRow
	for _, item := range list {
		obj, _ := item.(map[string]any)
		who := ""
		var parts []string
		for _, k := range sortedKeys(obj) {
			if k == "seat" {
				who = seatName(obj[k], names)
				continue
			}
			parts = append(parts, words(k)+" "+scalar(obj[k]))
		}
		l := label
		if who != "" {
			l += " — " + who
		}
		value := strings.Join(parts, " · ")
		if value == "" {
			value = "—"
		}
		rows = append(rows, pages.SecretRow{Label: l, Value: value})
	}
	return rows
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

func seatName(v any, names []string) string {
	n, ok := v.(json.Number)
	if !ok {
		return scalar(v)
	}
	i, err := n.Int64()
	if err != nil {
		return n.String()
	}
	return game.Say(fmt.Sprintf("{p%d}", i), names)
}

// scalar writes a value in words: lists joined, booleans as yes/no.
func scalar(v any) string {
	switch x := v.(type) {
	case nil:
		return "—"
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case []any:
		if len(x) == 0 {
			return "none"
		}
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = scalar(e)
		}
		return strings.Join(parts, ", ")
	case map[string]any:
		var parts []string
		for _, k := range sortedKeys(x) {
			parts = append(parts, words(k)+" "+scalar(x[k]))
		}
		return strings.Join(parts, " · ")
	}
	return fmt.Sprint(v)
}

// words turns a JSON key into a label: "agent_deck" → "Agent deck".
func words(key string) string {
	s := strings.ReplaceAll(key, "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
