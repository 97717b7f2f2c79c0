# Dawn's container image: built with the Swift toolchain, run on Debian slim as a
# non-root user with the data in the /data volume. `deploy/container-test` proves it.
#   podman build --format docker -t dawn .     (HEALTHCHECK needs the docker format)
#   docker build -t dawn .

FROM swift:6.3-bookworm AS build
# The C libraries Dawn links (headers and pkg-config files). The official image has
# zlib1g-dev and, through libc6-dev, libcrypt-dev; apt-get skips what is present.
# Not pinned: an exact Debian version disappears from the mirror with the next
# security update, which would break every build; bookworm is the pin.
# hadolint ignore=DL3008
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libsqlite3-dev zlib1g-dev libcrypt-dev libgcrypt20-dev libcurl4-openssl-dev \
      libcmark-gfm-dev libcmark-gfm-extensions-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Package.swift names the unit test targets, so their folders must exist to build.
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
# The Swift runtime and FoundationEssentials are linked in statically. Stripped
# (23 → 15 MB): without swift-backtrace in the image no crash report names
# functions anyway.
RUN swift build -c release --static-swift-stdlib --product dawn \
 && install -D -m 0755 "$(swift build -c release --show-bin-path)/dawn" /out/dawn \
 && strip /out/dawn

FROM debian:bookworm-slim
# Runtime libraries only: libsqlite3, zlib, libcurl4, cmark-gfm and its extensions (for
# journal entries' Markdown; libcrypt1, libgcrypt20, libstdc++6 are in the base image), and tzdata, from which Dawn reads named time zones
# (not its "right/" copies with leap seconds, which Dawn never names). The certificate
# authorities libcurl checks push services, ntfy and SMTP relays against come as one file
# from the build stage: the ca-certificates package would bring the openssl program too.
# No libvips yet, so no photos in the container: Debian 12's libvips42 depends on
# ImageMagick, poppler, cairo and pango (with the X client libraries) and OpenEXR, about
# 96 packages and 200 MB for the four formats Dawn reads. An upload here answers a message
# (docs/photos.md); a libvips built with only the JPEG, PNG, WebP and HEIC loaders is the plan.
# hadolint ignore=DL3008
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libsqlite3-0 zlib1g libcurl4 libcmark-gfm0.29.0.gfm.6 libcmark-gfm-extensions0.29.0.gfm.6 tzdata \
 && rm -rf /var/lib/apt/lists/* /usr/share/zoneinfo/right \
 && groupadd --system --gid 10001 dawn \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin dawn \
 && install -d -o 10001 -g 10001 -m 0700 /data
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /out/dawn /usr/local/bin/dawn
COPY Views /usr/share/dawn/Views
COPY Public /usr/share/dawn/Public

ENV DAWN_HOST=0.0.0.0 DAWN_PORT=8080 DAWN_DATA=/data DAWN_RESOURCES=/usr/share/dawn
USER 10001:10001
VOLUME /data
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["dawn", "healthcheck"]
ENTRYPOINT ["dawn"]
CMD ["serve"]
