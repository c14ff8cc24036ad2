package inspect

import "strings"

// contentText is a message's text: the string, or its text parts joined by newlines;
// "" for anything else.
func (lx *lexer) contentText(raw []byte) string {
	l := lx.sub(raw)
	if l.peek() == '"' {
		s, _ := l.str()
		return s
	}
	var texts []string
	err := l.array(func(int) *decodeErr {
		var typ, text string
		if l.isNull() {
			return nil
		}
		err := l.object(func(key []byte) *decodeErr {
			switch string(key) {
			case "type":
				return l.optStrInto(&typ, "")
			case "text":
				return l.optStrInto(&text, "")
			}
			return l.skip()
		})
		if err != nil {
			return err
		}
		if typ == "text" {
			texts = append(texts, text)
		}
		return nil
	})
	if err != nil {
		return ""
	}
	return strings.Join(texts, "\n")
}

// replyText is a tool result's text (ToolEvent.ResultText): a string, or the "text"
// of the parts of a list whose "type" is "text", joined by newlines.
func (lx *lexer) replyText(raw []byte) string {
	l := lx.sub(raw)
	switch l.peek() {
	case '"':
		if n := len(raw); l.pos == 0 && n >= 2 && raw[n-1] == '"' {
			// raw is one string, its end found when it was read: decoded without
			// looking for the end again.
			return l.content(raw[1 : n-1])
		}
		s, _ := l.str()
		return s
	case '[':
	default:
		return ""
	}
	var texts []string
	err := l.array(func(int) *decodeErr {
		if l.peek() != '{' {
			return l.skip()
		}
		var typ, text string
		err := l.object(func(key []byte) *decodeErr {
			k := string(key)
			if (k == "type" || k == "text") && l.peek() == '"' {
				s, err := l.str()
				if k == "type" {
					typ = s
				} else {
					text = s
				}
				return err
			}
			return l.skip()
		})
		if typ == "text" {
			texts = append(texts, text)
		}
		return err
	})
	if err != nil {
		return ""
	}
	return strings.Join(texts, "\n")
}
