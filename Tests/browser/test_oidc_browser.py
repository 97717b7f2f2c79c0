"""Signing in with an OpenID provider in a real browser (headless Chromium through Selenium)
against the real `dawn` binary and the end-to-end tests' provider (Tests/e2e/oidc_provider.py).
Dawn is reached as `localhost` and the provider as `127.0.0.1`: two sites, so the way back is a
cross-site redirect as with a real provider, which the `SameSite=Lax` cookies must survive. A
member connects on /account by the link, signs out, and the button on /login signs them in;
axe-core finds nothing at 375 and 1280 px, light and dark, on /login with the button beside
the password form and alone (DAWN_PASSWORD_SIGNIN=0), on /account before and after
connecting, on the admin's switch for sign-in by email on /family, and on a refusal's page.

    PYENV_VERSION=3.12.1 python3.12 -m pytest Tests/browser/test_oidc_browser.py -q -p no:cacheprovider
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dawnbrowser import (PASSWORD, ROOT, Dawn, Site, assert_accessible, each_look, make_driver,  # noqa: E402
                         screenshot, server_env, setup_admin, sign_in)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "Tests", "e2e"))
from oidc_provider import Provider  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    provider = Provider()
    secret = tmp_path_factory.mktemp("oidc") / "client-secret"
    secret.write_text(provider.client_secret + "\n")
    s = Site()
    s.provider = provider
    s.env = dict(server_env(), DAWN_OIDC_ISSUER=provider.issuer, DAWN_OIDC_CLIENT_ID=provider.client_id,
                 DAWN_OIDC_CLIENT_SECRET_FILE=str(secret), DAWN_OIDC_NAME="Authentik")
    s.dawn = Dawn(env=s.env)
    s.base = f"http://localhost:{s.dawn.port}"
    setup_admin(s.dawn)
    provider.user = {"sub": "mum-77a0", "preferred_username": "mum"}
    yield s
    assert s.dawn.stop() == 0, s.dawn.errors
    provider.stop()


@pytest.fixture(scope="module")
def driver():
    d = make_driver()
    yield d
    d.quit()


def axe_everywhere(driver, what):
    for width, scheme in each_look(driver):
        driver.refresh()
        assert_accessible(driver, f"{what} at {width} px ({scheme})")
        screenshot(driver, f"oidc-{what.replace(' ', '-')}-{width}-{scheme}.png")


def test_connecting_on_the_account_page_by_the_link(site, driver):
    sign_in(driver, site.base, "mum", PASSWORD)
    driver.get(site.base + "/account")
    axe_everywhere(driver, "account not connected")
    link = driver.find_element(By.LINK_TEXT, "Connect your Authentik account")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    WebDriverWait(driver, 20).until(lambda d: "done=oidc-connected" in d.current_url, driver.current_url)
    card = driver.find_element(By.ID, "oidc").text
    assert "Your Authentik account mum is connected" in card, card
    assert "Your Authentik account is connected." in driver.find_element(By.TAG_NAME, "main").text
    axe_everywhere(driver, "account connected")


def test_signing_out_and_in_with_the_button(site, driver):
    driver.get(site.base + "/")
    button = driver.find_element(By.CSS_SELECTOR, 'form[action="/logout"] button')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    WebDriverWait(driver, 20).until(lambda d: d.current_url.endswith("/login"), driver.current_url)
    axe_everywhere(driver, "login with the button")
    driver.find_element(By.LINK_TEXT, "Sign in with Authentik").click()
    WebDriverWait(driver, 20).until(lambda d: d.current_url.rstrip("/") == site.base, driver.current_url)
    assert driver.find_elements(By.CSS_SELECTOR, 'form[action="/logout"]'), "signed in"


def test_the_admins_switch_for_sign_in_by_email(site, driver):
    driver.get(site.base + "/family#oidc-email")
    card = driver.find_element(By.ID, "oidc-email")
    assert "Sign-in by email with Authentik" in card.text
    box = card.find_element(By.CSS_SELECTOR, 'input[name="on"]')
    assert not box.is_selected()
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()
    card.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(driver, 20).until(lambda d: "done=oidc-email-on" in d.current_url, driver.current_url)
    card = driver.find_element(By.ID, "oidc-email")
    assert "Authentik now signs members in by their verified email address too." in card.text
    assert card.find_element(By.CSS_SELECTOR, 'input[name="on"]').is_selected()
    axe_everywhere(driver, "family email sign-in on")


def test_a_refusal_page(site, driver):
    driver.get(site.base + "/login/oidc/callback?state=unknown&code=x")
    assert "This sign-in has run out or was already used" in driver.find_element(By.TAG_NAME, "main").text
    axe_everywhere(driver, "a refused sign-in")


def test_the_button_alone_when_password_sign_in_is_off(site, driver):
    assert site.dawn.stop() == 0
    site.dawn = Dawn(env=dict(site.env, DAWN_PASSWORD_SIGNIN="0"), data=site.dawn.data)
    site.base = f"http://localhost:{site.dawn.port}"
    driver.delete_all_cookies()
    driver.get(site.base + "/login")
    assert not driver.find_elements(By.ID, "password")
    axe_everywhere(driver, "login button alone")
    driver.find_element(By.LINK_TEXT, "Sign in with Authentik").click()
    WebDriverWait(driver, 20).until(lambda d: d.current_url.rstrip("/") == site.base, driver.current_url)
