-- wrk script for bench/soak: a member's pages in rotation (40 days, statistics, the
-- calendar, settings, the board…), an export every 500th request, and a pause of
-- DELAY_MS (first script argument) before each request, for a steady, modest load.
local pages = {}
local exports = { "/export/dawn.csv", "/export/dawn.json", "/export/dawn.sqlite" }
local delay_ms = 5
local n = 0

init = function(args)
  delay_ms = tonumber(args[1]) or delay_ms
  for back = 0, 39 do
    pages[#pages + 1] = "/day/" .. os.date("!%Y-%m-%d", os.time() - back * 86400)
  end
  for _, g in ipairs({ "day", "week", "month", "quarter", "year" }) do
    pages[#pages + 1] = "/stats?g=" .. g
  end
  for _, p in ipairs({ "/", "/", "/", "/calendar", "/settings", "/board", "/account", "/habits.css",
                       "/habits/new", "/habits/archived", "/healthz" }) do
    pages[#pages + 1] = p
  end
  pages[#pages + 1] = "/api/stats?from=" .. os.date("!%Y-%m-%d", os.time() - 29 * 86400)
    .. "&to=" .. os.date("!%Y-%m-%d")
  n = math.random(#pages)
end

request = function()
  n = n + 1
  if n % 500 == 0 then
    return wrk.format("GET", exports[(n / 500) % #exports + 1])
  end
  return wrk.format("GET", pages[n % #pages + 1])
end

delay = function()
  return delay_ms
end
