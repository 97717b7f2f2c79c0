"""A screenshot of Dawn in an app window: a member signs in with Selenium in a profile, then
headful Chromium on Xvfb opens Dawn with --app (a window without tabs or address bar, as an
installed app opens) and xwd takes the screen. Not a test: a picture for the README. Needs an X server and a window manager, which the
project's scripts do not install (apt-get install xvfb openbox x11-apps imagemagick):
    Xvfb :99 -screen 0 1000x940x24 & DISPLAY=:99 openbox &
    DISPLAY=:99 PYENV_VERSION=3.12.1 python3.12 Tests/browser/app_window.py OUT.png"""
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (  # noqa: E402
    CHROMEDRIVER, CHROMIUM, PASSWORD, Dawn, add_habit, log_habit, member_today, seed_history, server_env, setup_admin,
    sign_in,
)
from selenium import webdriver  # noqa: E402

out = sys.argv[1]
dawn = Dawn(env=server_env())
base = f"http://127.0.0.1:{dawn.port}"
admin = setup_admin(dawn)
today = member_today()
seed_history(admin, today)
run = add_habit(admin, "Run", "🏃", "#54A0FF", 30)
read = add_habit(admin, "Read", "📖", "#A29BFE", 45)
log_habit(admin, today, run, "07:30", 30)
log_habit(admin, today, read, "08:15", 45)
profile = tempfile.mkdtemp()
options = webdriver.ChromeOptions()
options.binary_location = CHROMIUM
for flag in ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=en-US", f"--user-data-dir={profile}"]:
    options.add_argument(flag)
d = webdriver.Chrome(service=webdriver.ChromeService(CHROMEDRIVER), options=options)
sign_in(d, base, "mum", PASSWORD)
time.sleep(1)
d.quit()
app = subprocess.Popen([CHROMIUM, "--no-sandbox", "--test-type", "--disable-gpu", "--lang=en-US", f"--user-data-dir={profile}",
                        "--no-first-run", "--window-position=20,20", "--window-size=420,860", f"--app={base}/"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    time.sleep(6)
    subprocess.run(["xwd", "-root", "-silent", "-out", "/tmp/screen.xwd"], check=True)
    subprocess.run(["/usr/bin/convert-im6.q16", "/tmp/screen.xwd", "-crop", "422x886+19+0", "+repage", out], check=True)
finally:
    app.terminate()
    app.wait()
    dawn.stop()
