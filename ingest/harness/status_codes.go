package harness

import (
	"strings"

	"github.com/sabench/sabench-stats/ingest"
)

// Who caused an interactive runtime_failed run, by its failure_code
// (run_english_interactive_rollout.py: drive_episode raises RuntimeError(code) or any
// other exception, whose type name becomes the code; run_one writes
// gateway_initialization_failed).
const (
	causeAgent   = "agent"   // the model's own reply broke the tool protocol: scored, a failure
	causeInfra   = "infra"   // the provider or the network: infra_failure
	causeHarness = "harness" // the driver, the gateway or the scorer: harness_failure
)

// interactiveFailureCodes is the explicit table (README, "Harness statuses"). Codes not
// listed are exceptions the driver did not anticipate; they are harness failures and
// ingest warns about each.
var interactiveFailureCodes = map[string]string{
	// Transport and provider (drive_episode's HTTP loop).
	"transport_retries_exhausted":  causeInfra, // URLError/timeout on every attempt
	"api_error_response":           causeInfra, // HTTP 200 whose body is an error object
	"invalid_api_choices":          causeInfra, // not exactly one choice
	"invalid_assistant_message":    causeInfra, // the choice carries no assistant message
	"invalid_tool_calls":           causeInfra, // message.tool_calls is not a list
	"response_contains_credential": causeInfra,
	"JSONDecodeError":              causeInfra, // an HTTP 200 body that is not JSON
	// The model's reply (checked per tool call before dispatch).
	"invalid_tool_call_id": causeAgent, // a tool call without an id, or a repeated id
	// The driver's own side.
	"gateway_initialization_failed": causeHarness, // load_gateway raised (run_one)
	"scorer_failed":                 causeHarness, // gateway.score() raised
}

// interactiveCause classifies a runtime_failed code; known is false for an unlisted code.
func interactiveCause(code string) (cause string, known bool) {
	if strings.HasPrefix(code, "http_status_") {
		return causeInfra, true // a non-200 status after the driver's retries
	}
	c, ok := interactiveFailureCodes[code]
	if !ok {
		return causeHarness, false
	}
	return c, true
}

// InteractiveStatus maps an interactive run's result status and failure code to an
// episode status in analyst mode. DESIGN §2.2 fixes that an episode_wall_timeout is
// censored; a runtime_failed run is classified by interactiveFailureCodes (a code it
// does not list is harness_failure); every other status (model_finished,
// episode_terminal, protocol_error, turn_budget_exhausted, output_budget_exhausted) is
// the agent's own doing and stays completed.
func InteractiveStatus(status, failureCode string, censored bool) string {
	switch {
	case status == "episode_wall_timeout" || censored:
		return ingest.StatusCensored
	case status != "runtime_failed":
		return ingest.StatusCompleted
	}
	switch c, _ := interactiveCause(failureCode); c {
	case causeAgent:
		return ingest.StatusCompleted
	case causeInfra:
		return ingest.StatusInfraFailure
	}
	return ingest.StatusHarnessFailure
}

// interactiveRunnerStatus is the status in runner mode: the driver counts every run as
// success true/false except a timeout (success null).
func interactiveRunnerStatus(status string, censored bool) string {
	if status == "episode_wall_timeout" || censored {
		return ingest.StatusCensored
	}
	return ingest.StatusCompleted
}
