-- bench/run's notes load: each request saves a journal note on one of the last thirty
-- days of one member (round robin), as the day page's form does. From the environment:
-- NOTES_COOKIE (the member's cookies), NOTES_CSRF (their form token), NOTES_DAYS.
local days = {}
for day in string.gmatch(os.getenv("NOTES_DAYS") or "", "%S+") do days[#days + 1] = day end
local body = "csrf=" .. (os.getenv("NOTES_CSRF") or "") .. "&note=A+short+note+from+the+benchmark."
local headers = {
  ["Cookie"] = os.getenv("NOTES_COOKIE") or "",
  ["Content-Type"] = "application/x-www-form-urlencoded",
}
local counter = 0

request = function()
  counter = counter + 1
  return wrk.format("POST", "/day/" .. days[(counter % #days) + 1] .. "/notes", headers, body)
end

done = function(summary)
  io.write(string.format("notes: %d requests, %d answered 4xx/5xx\n", summary.requests, summary.errors.status))
end
