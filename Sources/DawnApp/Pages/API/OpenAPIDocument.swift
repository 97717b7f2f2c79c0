import JSON

/// `GET /api/openapi.json`: the API described in OpenAPI 3.1 (its schemas JSON Schema
/// 2020-12), public so a client or a validator can read it without a token. Written out as
/// JSON, read once; the end-to-end tests validate it (`openapi-spec-validator`) and check
/// every answer they get against its schemas, so the document and the routes cannot drift.
enum OpenAPIDocument {
    static let json: JSONValue = {
        do {
            return try JSONParser.parse(text)
        } catch {
            preconditionFailure("OpenAPIDocument.text is not JSON: \(error)")
        }
    }()

    private static let text = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "Dawn API",
        "version": "1",
        "description": "A member's own habits, days and journal notes, for scripts, home automation and shortcuts. Make a token on /account/tokens and send it as `Authorization: Bearer dawn_…`. Errors are `{\"error\": {\"code\", \"message\"}}`. At most 600 requests a minute per token."
      },
      "servers": [{"url": "/"}],
      "security": [{"bearer": []}, {"browser": []}],
      "paths": {
        "/api/v1/me": {
          "get": {
            "operationId": "me",
            "summary": "Who the token speaks for, and their today",
            "responses": {
              "200": {"description": "The member", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Me"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "429": {"$ref": "#/components/responses/RateLimited"}
            }
          }
        },
        "/api/v1/habits": {
          "get": {
            "operationId": "habits",
            "summary": "Every habit, archived ones too, in the member's order",
            "responses": {
              "200": {"description": "The habits", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/HabitList"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "429": {"$ref": "#/components/responses/RateLimited"}
            }
          }
        },
        "/api/v1/days/{date}": {
          "get": {
            "operationId": "day",
            "summary": "A day: each active habit's state, the family chores, the mood; the entry and notes with a journal token",
            "parameters": [{"$ref": "#/components/parameters/Date"}],
            "responses": {
              "200": {"description": "The day", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Day"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "429": {"$ref": "#/components/responses/RateLimited"}
            }
          }
        },
        "/api/v1/days/{date}/check/{habitId}": {
          "post": {
            "operationId": "check",
            "summary": "Check a habit off (or undo, skip, unskip) as the day page's checklist does; needs a write token",
            "parameters": [
              {"$ref": "#/components/parameters/Date"},
              {"name": "habitId", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}}
            ],
            "requestBody": {
              "required": true,
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CheckRequest"}}}
            },
            "responses": {
              "200": {"description": "The habit's day after the change", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/HabitDay"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "403": {"$ref": "#/components/responses/Forbidden"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "422": {"$ref": "#/components/responses/Invalid"},
              "429": {"$ref": "#/components/responses/RateLimited"}
            }
          }
        },
        "/api/v1/days/{date}/notes": {
          "post": {
            "operationId": "addNote",
            "summary": "Add a note to the day; needs a write token with the journal",
            "parameters": [{"$ref": "#/components/parameters/Date"}],
            "requestBody": {
              "required": true,
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NoteRequest"}}}
            },
            "responses": {
              "201": {"description": "The day with its new note", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Day"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "403": {"$ref": "#/components/responses/Forbidden"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "422": {"$ref": "#/components/responses/Invalid"},
              "429": {"$ref": "#/components/responses/RateLimited"}
            }
          }
        },
        "/api/stats": {
          "get": {
            "operationId": "stats",
            "summary": "The statistics page's figures for a range of days (at most 1,098)",
            "parameters": [
              {"name": "from", "in": "query", "required": true, "schema": {"type": "string", "format": "date"}},
              {"name": "to", "in": "query", "required": true, "schema": {"type": "string", "format": "date"}}
            ],
            "responses": {
              "200": {"description": "The figures", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Stats"}}}},
              "400": {"description": "A bad range", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StatsError"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "429": {"$ref": "#/components/responses/RateLimited"}
            }
          }
        },
        "/api/openapi.json": {
          "get": {
            "operationId": "openapi",
            "summary": "This document",
            "security": [],
            "responses": {"200": {"description": "The OpenAPI document", "content": {"application/json": {"schema": {"type": "object"}}}}}
          }
        }
      },
      "components": {
        "securitySchemes": {
          "bearer": {"type": "http", "scheme": "bearer", "description": "An API token from /account/tokens: dawn_ and 43 characters"},
          "browser": {"type": "apiKey", "in": "cookie", "name": "dawn_session", "description": "A signed-in browser; its POSTs carry the page's CSRF token in X-CSRF-Token"}
        },
        "parameters": {
          "Date": {"name": "date", "in": "path", "required": true, "description": "YYYY-MM-DD, or today (the member's today, in their time zone)", "schema": {"type": "string", "pattern": "^([0-9]{4}-[0-9]{2}-[0-9]{2}|today)$"}}
        },
        "responses": {
          "BadRequest": {"description": "Not JSON, or a malformed date", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Unauthorized": {
            "description": "No token, or an unknown or revoked one",
            "headers": {"WWW-Authenticate": {"schema": {"type": "string", "const": "Bearer realm=\"dawn\""}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
          },
          "Forbidden": {"description": "The token's scope does not allow it, or a rule of the pages refuses it", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "NotFound": {"description": "No such habit, or a day out of reach", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Invalid": {"description": "A field is missing or wrong: the message names it", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "RateLimited": {
            "description": "More than 600 requests in a minute with this token",
            "headers": {"Retry-After": {"schema": {"type": "integer", "minimum": 1}}},
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
          }
        },
        "schemas": {
          "Error": {
            "type": "object",
            "required": ["error"],
            "additionalProperties": false,
            "properties": {
              "error": {
                "type": "object",
                "required": ["code", "message"],
                "additionalProperties": false,
                "properties": {"code": {"type": "string", "pattern": "^[a-z_]+$"}, "message": {"type": "string", "minLength": 1}}
              }
            }
          },
          "Me": {
            "type": "object",
            "required": ["username", "displayName", "timeZone", "today"],
            "additionalProperties": false,
            "properties": {
              "username": {"type": "string"},
              "displayName": {"type": "string"},
              "timeZone": {"type": "string", "examples": ["Europe/Rome"]},
              "today": {"type": "string", "format": "date"},
              "points": {
                "description": "A child account's points only: the balance earned by chores and habits less approved rewards, and the reward requests waiting for a guardian",
                "type": "object",
                "required": ["balance", "pendingRequests"],
                "additionalProperties": false,
                "properties": {
                  "balance": {"type": "integer"},
                  "pendingRequests": {"type": "integer", "minimum": 0}
                }
              }
            }
          },
          "Schedule": {
            "description": "As the JSON export writes it: {\"every\": \"day\"}, {\"weekdays\": [\"mon\", \"thu\"]}, {\"every\": \"week\", \"times\": 3}",
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "every": {"type": "string", "enum": ["day", "week", "month"]},
              "times": {"type": "integer", "minimum": 1, "maximum": 31},
              "weekdays": {"type": "array", "items": {"type": "string", "enum": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]}}
            }
          },
          "Target": {
            "description": "As the JSON export writes it: a daily amount",
            "type": "object",
            "required": ["amount", "unit", "kind"],
            "additionalProperties": false,
            "properties": {
              "amount": {"type": "number", "exclusiveMinimum": 0},
              "unit": {"type": "string"},
              "kind": {"type": "string", "enum": ["at_least", "at_most"]}
            }
          },
          "Habit": {
            "type": "object",
            "required": ["id", "name", "emoji", "color", "schedule", "target", "archived", "group"],
            "additionalProperties": false,
            "properties": {
              "id": {"type": "integer", "minimum": 1},
              "name": {"type": "string", "minLength": 1},
              "emoji": {"type": "string", "minLength": 1},
              "color": {"type": "string", "pattern": "^#[0-9A-F]{6}$"},
              "schedule": {"$ref": "#/components/schemas/Schedule"},
              "target": {"anyOf": [{"$ref": "#/components/schemas/Target"}, {"type": "null"}]},
              "archived": {"type": "boolean"},
              "group": {"type": ["string", "null"]}
            }
          },
          "HabitList": {
            "type": "object",
            "required": ["habits"],
            "additionalProperties": false,
            "properties": {"habits": {"type": "array", "items": {"$ref": "#/components/schemas/Habit"}}}
          },
          "HabitDay": {
            "type": "object",
            "required": ["id", "due", "done", "skipped", "amount"],
            "additionalProperties": false,
            "properties": {
              "id": {"type": "integer", "minimum": 1},
              "due": {"type": "boolean", "description": "Scheduled that day and not paused"},
              "done": {"type": "boolean", "description": "Logged, and the day's total meets the target"},
              "skipped": {"type": "boolean"},
              "amount": {"type": "number", "minimum": 0, "description": "The day's total amount in the habit's unit (0 when none)"}
            }
          },
          "Chore": {
            "type": "object",
            "required": ["id", "name", "emoji", "done", "doneBy", "mine"],
            "additionalProperties": false,
            "properties": {
              "id": {"type": "integer", "minimum": 1},
              "name": {"type": "string"},
              "emoji": {"type": "string"},
              "done": {"type": "boolean"},
              "doneBy": {"type": ["string", "null"], "description": "Who did it; null when nobody has, or a former member did"},
              "mine": {"type": "boolean"}
            }
          },
          "Note": {
            "type": "object",
            "required": ["id", "text", "createdAt"],
            "additionalProperties": false,
            "properties": {
              "id": {"type": "integer", "minimum": 1},
              "text": {"type": "string"},
              "createdAt": {"type": "integer", "description": "Unix seconds"}
            }
          },
          "Day": {
            "type": "object",
            "required": ["date", "habits", "chores", "mood"],
            "additionalProperties": false,
            "properties": {
              "date": {"type": "string", "format": "date"},
              "habits": {"type": "array", "items": {"$ref": "#/components/schemas/HabitDay"}},
              "chores": {"type": "array", "items": {"$ref": "#/components/schemas/Chore"}},
              "mood": {"type": ["integer", "null"], "minimum": 1, "maximum": 5},
              "entry": {"type": ["string", "null"], "description": "The entry's Markdown; only for a token with the journal"},
              "notes": {"type": "array", "items": {"$ref": "#/components/schemas/Note"}, "description": "Only for a token with the journal"}
            }
          },
          "CheckRequest": {
            "type": "object",
            "required": ["action"],
            "properties": {
              "action": {"type": "string", "enum": ["done", "undo", "skip", "unskip"]},
              "amount": {"type": "number", "minimum": 0, "maximum": 1000000000, "description": "Only with done: adds this amount; without, done adds what the target still needs"}
            }
          },
          "NoteRequest": {
            "type": "object",
            "required": ["text"],
            "properties": {"text": {"type": "string", "minLength": 1, "maxLength": 500}}
          },
          "Stats": {
            "type": "object",
            "required": ["from", "to", "days", "activeDays", "entries", "currentStreak", "habits", "moodAverage"],
            "additionalProperties": false,
            "properties": {
              "from": {"type": "string", "format": "date"},
              "to": {"type": "string", "format": "date"},
              "days": {"type": "integer"},
              "activeDays": {"type": "integer"},
              "entries": {"type": "integer"},
              "currentStreak": {"type": "integer"},
              "moodAverage": {"type": ["number", "null"]},
              "habits": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": ["id", "name", "emoji", "count", "minutes", "activeDays", "currentStreak", "bestStreak", "streakUnit", "score", "schedule", "moodWhenDone", "moodWhenNotDone"],
                  "additionalProperties": false,
                  "properties": {
                    "id": {"type": "integer"},
                    "name": {"type": "string"},
                    "emoji": {"type": "string"},
                    "count": {"type": "integer"},
                    "minutes": {"type": "integer"},
                    "activeDays": {"type": "integer"},
                    "currentStreak": {"type": "integer"},
                    "bestStreak": {"type": "integer"},
                    "streakUnit": {"type": "string", "enum": ["day", "week", "month"]},
                    "score": {"type": "number"},
                    "schedule": {"$ref": "#/components/schemas/Schedule"},
                    "moodWhenDone": {"type": ["number", "null"]},
                    "moodWhenNotDone": {"type": ["number", "null"]}
                  }
                }
              }
            }
          },
          "StatsError": {
            "type": "object",
            "required": ["error"],
            "properties": {"error": {"type": "string"}}
          }
        }
      }
    }
    """#
}
