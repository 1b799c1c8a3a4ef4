package boards

import (
	"encoding/json"

	inkognitoboard "topsecret/web/games/inkognito"
	vaultboard "topsecret/web/games/vault"
	winkboard "topsecret/web/games/wink"
)

// palettes map each game's colour names to the CSS colours its board uses.
var palettes = map[string]func(string) string{
	"wink":      winkboard.SeatColour,
	"vault":     vaultboard.SeatColour,
	"inkognito": inkognitoboard.SeatColour,
}

// SeatColours returns each game seat's CSS colour as the game's board draws
// it, read from the public part of a view (its "players" or "agents" list),
// so the page around the board can colour its seat list to match.
func SeatColours(slug string, view any) map[int]string {
	palette, ok := palettes[slug]
	if !ok || view == nil {
		return nil
	}
	b, err := json.Marshal(view)
	if err != nil {
		return nil
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil {
		return nil
	}
	out := map[int]string{}
	for _, key := range []string{"players", "agents"} {
		var seats []struct {
			Seat   *int   `json:"seat"`
			Colour string `json:"colour"`
		}
		if json.Unmarshal(top[key], &seats) != nil {
			continue
		}
		for _, s := range seats {
			if s.Seat != nil && *s.Seat >= 0 && s.Colour != "" {
				out[*s.Seat] = palette(s.Colour)
			}
		}
	}
	return out
}
