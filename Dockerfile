# Dawn's container image: built with the Swift toolchain, run on Debian slim as a
# non-root user with the data in the /data volume. `deploy/container-test` proves it.
#   podman build --format docker -t dawn .     (HEALTHCHECK needs the docker format)
#   docker build -t dawn .

# libvips for photos, built from Debian 12's own source packages (with Debian's security
# patches) with only what Dawn reads and writes: JPEG, PNG, WebP and the iPhone's HEIC, through
# the same Debian libraries libvips42 uses, EXIF to turn a picture upright and lcms for colour
# profiles. Debian's libvips42 also links ImageMagick, poppler, cairo and pango with the X
# client libraries, OpenEXR and more: about 96 packages and 200 MB that Dawn never calls.
# libheif too is built here, with its HEIC decoder (libde265) alone: Debian's libheif1 also
# links the x265 and aom encoders and dav1d, 23 MB for pictures Dawn never writes.
FROM debian:bookworm-slim AS vips
# hadolint ignore=DL3008
RUN sed -i 's/^Types: deb$/Types: deb deb-src/' /etc/apt/sources.list.d/debian.sources \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      dpkg-dev xz-utils gpgv cmake meson ninja-build pkgconf gcc g++ libc6-dev \
      libglib2.0-dev libexpat1-dev libjpeg62-turbo-dev libpng-dev libwebp-dev \
      libde265-dev libexif-dev liblcms2-dev zlib1g-dev
WORKDIR /vips
RUN apt-get source libheif \
 && cmake -S libheif-1.* -B heif -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_INSTALL_PREFIX=/opt/vips -DCMAKE_INSTALL_LIBDIR=lib \
      -DWITH_LIBDE265=ON -DWITH_X265=OFF -DWITH_DAV1D=OFF -DWITH_AOM_ENCODER=OFF \
      -DWITH_AOM_DECODER=OFF -DWITH_SvtEnc=OFF -DWITH_RAV1E=OFF \
      -DENABLE_PLUGIN_LOADING=OFF -DWITH_EXAMPLES=OFF \
 && cmake --build heif \
 && cmake --install heif --strip
# Every loader not named here is off (--auto-features=disabled and the four built-in ones).
RUN apt-get source vips \
 && PKG_CONFIG_PATH=/opt/vips/lib/pkgconfig meson setup build vips-8.* --prefix=/opt/vips \
      --libdir=lib --buildtype=release \
      --auto-features=disabled -Ddeprecated=false -Dexamples=false -Dcplusplus=false \
      -Dmodules=disabled -Dintrospection=false -Dvapi=false \
      -Djpeg=enabled -Dpng=enabled -Dwebp=enabled -Dheif=enabled -Dexif=enabled \
      -Dlcms=enabled -Dzlib=enabled -Dnsgif=false -Dppm=false -Danalyze=false -Dradiance=false \
 && meson install -C build --strip --tags runtime \
 && install -D -m 0644 "$(readlink -f /opt/vips/lib/libvips.so.42)" /out/libvips.so.42 \
 && install -D -m 0644 "$(readlink -f /opt/vips/lib/libheif.so.1)" /out/libheif.so.1

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
# libvips and libheif (from the vips stage; Dawn opens libvips on the first upload) need
# glib, expat and the JPEG, PNG, WebP, HEVC (libde265), EXIF and lcms libraries.
COPY --from=vips /out/libvips.so.42 /out/libheif.so.1 /usr/local/lib/
# hadolint ignore=DL3008
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libsqlite3-0 zlib1g libcurl4 libcmark-gfm0.29.0.gfm.6 libcmark-gfm-extensions0.29.0.gfm.6 tzdata \
      libglib2.0-0 libexpat1 libjpeg62-turbo libpng16-16 libwebp7 libwebpmux3 libwebpdemux2 \
      libde265-0 libexif12 liblcms2-2 \
 && rm -rf /var/lib/apt/lists/* /usr/share/zoneinfo/right \
 && ldconfig \
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
