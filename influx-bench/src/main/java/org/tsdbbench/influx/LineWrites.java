package org.tsdbbench.influx;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;
import okhttp3.Credentials;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.tsdbbench.common.db.DatabaseException;

/**
 * InfluxDB 1.x's {@code POST /write} of line protocol bytes as they were built, through the same
 * HTTP client (OkHttp, TCP_NODELAY) the influxdb-java client uses: that client takes the body as a
 * String, which cost a copy and an encoding of every request's bytes (JFR: a tenth of the loading
 * threads' time on TSBS's file). Nanosecond times, consistency one, gzip when the session's option
 * says so (TSBS's loader's default). A request is acknowledged whole by 204.
 */
final class LineWrites {

    private static final MediaType TEXT = MediaType.get("text/plain; charset=utf-8");

    private final OkHttpClient http;
    private final HttpUrl url;
    private final String authorization;
    private final boolean gzip;

    /** Writes into {@code database} at {@code base} (http://host:port); {@code user} null for a server without logins. */
    LineWrites(OkHttpClient http, String base, String database, String user, String password, boolean gzip) {
        this.http = http;
        this.url = HttpUrl.get(base).newBuilder().addPathSegment("write").addQueryParameter("db", database)
                .addQueryParameter("precision", "ns").addQueryParameter("consistency", "one").build();
        this.authorization = user == null ? null : Credentials.basic(user, password);
        this.gzip = gzip;
    }

    /** Sends {@code body[0, length)} holding {@code rows} points; the points acknowledged (all of them), or a DatabaseException. */
    long post(byte[] body, int length, int rows) throws DatabaseException {
        Request.Builder request = new Request.Builder().url(url);
        if (authorization != null) request.header("Authorization", authorization);
        try {
            if (gzip) {
                byte[] packed = gzip(body, length);
                request.header("Content-Encoding", "gzip").post(RequestBody.create(packed, TEXT));
            } else {
                request.post(RequestBody.create(body, TEXT, 0, length));
            }
            try (Response response = http.newCall(request.build()).execute()) {
                if (response.code() == 204) return rows;
                String answer = response.body() == null ? "" : response.body().string();
                throw new DatabaseException("InfluxDB write of " + rows + " points failed: HTTP " + response.code() + " " + answer.strip());
            }
        } catch (IOException e) {
            throw new DatabaseException("InfluxDB write of " + rows + " points failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    private static byte[] gzip(byte[] body, int length) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(length / 4 + 64);
        try (GZIPOutputStream z = new GZIPOutputStream(out, 1 << 16)) {
            z.write(body, 0, length);
        }
        return out.toByteArray();
    }
}
