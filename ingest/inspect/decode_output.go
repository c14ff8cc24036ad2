package inspect

import "strconv"

// output reads a ModelOutput: the first choice's text, stop reason and tool calls, the
// completion when written (it wins over the choice's text), usage and error.
func (l *lexer) output() (*ModelOutput, *decodeErr) {
	m := &ModelOutput{}
	var completion string
	hasCompletion := false
	choices := -1 // light: where the choices are, read only when there is no completion
	err := l.object(func(key []byte) *decodeErr {
		var err *decodeErr
		switch string(key) {
		case "model":
			err = l.optStrInto(&m.Model, "")
		case "completion":
			completion, hasCompletion, err = l.optStr()
		case "choices":
			if l.light {
				choices = l.pos
				err = l.skip()
				break
			}
			err = l.choices(m)
		case "usage":
			if l.isNull() {
				m.Usage = nil
				return nil
			}
			var u ModelUsage
			u, err = l.modelUsage()
			m.Usage = &u
		case "error":
			err = l.optStrInto(&m.Error, "")
		default:
			err = l.skip()
		}
		if err != nil {
			return err.in(string(key))
		}
		return nil
	})
	if err == nil && !hasCompletion && choices >= 0 {
		lx := &lexer{data: l.data, pos: choices, strs: l.strs, seen: l.seen} // offsets as in l
		err = lx.choices(m)
		if err != nil {
			err = err.in("choices")
		}
	}
	if hasCompletion {
		m.Completion = completion
	}
	return m, err
}

// choices reads the first choice of a model output (and checks the rest's form).
func (l *lexer) choices(m *ModelOutput) *decodeErr {
	if l.isNull() {
		return nil
	}
	return l.array(func(i int) *decodeErr {
		if i > 0 {
			return l.skip()
		}
		if l.isNull() {
			return nil
		}
		err := l.object(func(key []byte) *decodeErr {
			var err *decodeErr
			switch string(key) {
			case "stop_reason":
				err = l.optStrInto(&m.StopReason, "")
			case "message":
				if l.isNull() {
					return nil
				}
				err = l.object(func(k []byte) *decodeErr {
					var err *decodeErr
					switch string(k) {
					case "content":
						var raw []byte
						if raw, err = l.raw(); err == nil {
							m.Completion = l.contentText(raw)
						}
					case "tool_calls":
						m.ToolCalls, err = l.toolCalls()
					default:
						err = l.skip()
					}
					if err != nil {
						return err.in(string(k))
					}
					return nil
				})
			default:
				err = l.skip()
			}
			if err != nil {
				return err.in(string(key))
			}
			return nil
		})
		if err != nil {
			return err.in("[0]")
		}
		return nil
	})
}

func (l *lexer) toolCalls() ([]ToolCall, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	var out []ToolCall
	err := l.array(func(i int) *decodeErr {
		var tc ToolCall
		if !l.isNull() {
			err := l.object(func(key []byte) *decodeErr {
				var err *decodeErr
				switch string(key) {
				case "id":
					err = l.optStrInto(&tc.ID, "")
				case "function":
					err = l.optStrInto(&tc.Function, "")
				case "arguments":
					tc.Arguments, err = l.raw()
				default:
					err = l.skip()
				}
				if err != nil {
					return err.in(string(key))
				}
				return nil
			})
			if err != nil {
				return err.in("[" + strconv.Itoa(i) + "]")
			}
		}
		out = append(out, tc)
		return nil
	})
	return out, err
}
