package server

import (
	"errors"
	"net/http"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// botsRequest is the body of POST /api/rooms/{code}/bots.
type botsRequest struct {
	Strength string `json:"strength"`
}

// handleRoomBots sets how well the room's bots play; host only. A strength
// that does not exist is bad input and changes nothing.
func (s *Server) handleRoomBots(w http.ResponseWriter, r *http.Request) {
	var req botsRequest
	if err := decodeJSON(r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	s.withRoom(w, r, func(rm *room.Room) error {
		err := rm.SetBotStrength(r.Context(), s.identity(r, rm), req.Strength)
		var rf *room.Refusal
		if errors.As(err, &rf) {
			return refusedInput(rf)
		}
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, map[string]string{"bot_strength": req.Strength})
		return nil
	})
}

// botStrength words the room's bot strength for the lobby.
func botStrength(s game.Strength, rd words.Reader) pages.BotStrength {
	say := func(id string, args ...game.Arg) string { return rd.Say(game.M(id, args...)) }
	b := pages.BotStrength{Value: string(s), Title: say("room.bots.title"), Help: say("room.bots.help"),
		Shown: say("room.bots.shown", game.T("strength", "room.bots."+string(s)))}
	for _, c := range game.Strengths {
		b.Choices = append(b.Choices, pages.BotChoice{Value: string(c), Label: say("room.bots." + string(c))})
	}
	return b
}
