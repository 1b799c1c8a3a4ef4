package wink

import (
	"encoding/json"
	"strings"
	"testing"

	"topsecret/internal/game"
)

func TestRules_Options(t *testing.T) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		got, err := Rules{}.Options(nil)
		if err != nil {
			t.Fatal(err)
		}
		var o Options
		if err := json.Unmarshal(got, &o); err != nil || o != DefaultOptions() {
			t.Fatalf("defaults %s, %v", got, err)
		}
		got, err = Rules{}.Options(json.RawMessage(`{"mode":"remote","turnTimeoutMs":0,"agentCardsRemovedPerPlayer":4}`))
		if err != nil || !strings.Contains(string(got), `"mode":"remote"`) || !strings.Contains(string(got), `"holdToPeek":true`) {
			t.Fatalf("got %s, %v", got, err)
		}
	})
	for _, bad := range []string{
		`{"colour":"green"}`, `{"mode":"video"}`, `{"agentCardsRemovedPerPlayer":5}`, `{"turnTimeoutMs":1000}`,
		`{"claimConfirmMs":500}`, `{"startPlayer":8}`, `{"winkDelivery":"loud"}`, `{"dealAutoMs":-1}`, `[1]`,
	} {
		t.Run("Err "+bad, func(t *testing.T) {
			if _, err := (Rules{}).Options(json.RawMessage(bad)); err == nil {
				t.Fatalf("options %s accepted", bad)
			}
		})
	}
	t.Run("ErrStartPlayerNotSeated", func(t *testing.T) {
		if _, err := (Rules{}).New(game.Setup{Seats: 4, Options: json.RawMessage(`{"startPlayer":5}`)}); err == nil {
			t.Fatal("start player 5 of 4 accepted")
		}
	})
}

func TestRules_Info(t *testing.T) {
	t.Parallel()
	info := Rules{}.Info()
	if info.Slug != "wink" || info.MinPlayers != 4 || info.MaxPlayers != 8 || info.Series.Unit != "wins" {
		t.Fatalf("info %+v", info)
	}
	keys := map[string]bool{}
	for _, o := range info.Options {
		keys[o.Key] = true
	}
	var want map[string]any
	b, _ := json.Marshal(DefaultOptions())
	_ = json.Unmarshal(b, &want)
	for k := range want {
		if !keys[k] {
			t.Errorf("option %s has no lobby metadata", k)
		}
	}
	if len(keys) != len(want) {
		t.Errorf("%d option descriptions for %d options", len(keys), len(want))
	}
}
