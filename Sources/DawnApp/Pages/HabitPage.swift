import Domain
import HTTP
import HTTPServer
import Localization
import MemberData
import Templates
import TimeZones

/// `/habits/{id}`: one habit's page — its plan, streaks, strength, weeks, months and the
/// last twelve weeks. The model is `HabitPage.Model`; the view `Views/habit.html`.
enum HabitPage {}
