package org.tsdbbench.cnosdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.query.ResultSink;

/**
 * CnosDB's HTTP API with the JDK's client, for one session: {@code POST /api/v1/write} (line
 * protocol, timestamps in the database's precision) and {@code POST /api/v1/sql} (CSV answers, read as they
 * arrive by {@link CsvRows}), each with user root's Basic login (CnosDB wants the header even with
 * authentication off). The request timeout bounds the whole exchange, the answer's body included:
 * the exchange is asynchronous and given up (cancelled) at the deadline. Nothing is re-sent: the
 * JDK client retries no POST.
 */
final class CnosHttp {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final URI base;
    private final String authorization;
    private final Duration requestTimeout;

    CnosHttp(URI base, String user, String password, Duration connectTimeout, Duration requestTimeout) {
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout).build();
        this.base = base;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        this.requestTimeout = requestTimeout;
    }

    /** The server's version, from {@code GET /api/v1/ping} (which takes no login). */
    String ping() throws DatabaseException {
        HttpResponse<String> r = exchange(HttpRequest.newBuilder(base.resolve("/api/v1/ping")).timeout(requestTimeout).GET().build(),
                HttpResponse.BodyHandlers.ofString(), "ping");
        if (r.statusCode() != 200) throw failure("ping", r.statusCode(), r.body(), "");
        try {
            return JSON.readTree(r.body()).path("version").asText();
        } catch (IOException e) {
            throw new DatabaseException("CnosDB ping: the answer is not JSON: " + abbreviate(r.body()), e);
        }
    }

    /** The write request for {@code database}, timestamps in {@code precision} (ms, us, ns). */
    URI writeUri(String database, String precision) {
        return base.resolve("/api/v1/write?db=" + URLEncoder.encode(database, StandardCharsets.UTF_8) + "&precision=" + precision);
    }

    /**
     * Posts {@code length} bytes of line protocol; returns normally when CnosDB accepted the whole
     * request (200, empty answer), which is how it acknowledges every line of it.
     */
    void write(URI writeUri, byte[] body, int length) throws DatabaseException {
        HttpRequest request = HttpRequest.newBuilder(writeUri).timeout(requestTimeout).header("Authorization", authorization)
                .header("Content-Type", "text/plain; charset=utf-8").POST(HttpRequest.BodyPublishers.ofByteArray(body, 0, length)).build();
        HttpResponse<String> r = exchange(request, HttpResponse.BodyHandlers.ofString(), "write");
        if (r.statusCode() != 200) throw failure("write", r.statusCode(), r.body(), "");
    }

    /** Runs one SQL statement in {@code database}; every row of its answer goes to {@code sink} before this returns. */
    void sql(String database, String sql, ResultSink sink) throws DatabaseException {
        HttpResponse<String> r = exchange(sqlRequest(database, sql, "text/csv"),
                info -> info.statusCode() == 200
                        ? HttpResponse.BodySubscribers.mapping(new CsvRows(sink), nothing -> (String) null)
                        : HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8),
                "query");
        if (r.statusCode() != 200) throw failure("query", r.statusCode(), r.body(), " [" + abbreviate(sql) + "]");
    }

    /** Runs one SQL statement and returns its answer as JSON (an array of objects): for small answers that hold text. */
    JsonNode sqlJson(String database, String sql) throws DatabaseException {
        HttpResponse<String> r = exchange(sqlRequest(database, sql, "application/json"), HttpResponse.BodyHandlers.ofString(), "query");
        if (r.statusCode() != 200) throw failure("query", r.statusCode(), r.body(), " [" + abbreviate(sql) + "]");
        try {
            return r.body().isEmpty() ? JSON.createArrayNode() : JSON.readTree(r.body());
        } catch (IOException e) {
            throw new DatabaseException("CnosDB query: the answer is not JSON: " + abbreviate(r.body()) + " [" + abbreviate(sql) + "]", e);
        }
    }

    private HttpRequest sqlRequest(String database, String sql, String accept) {
        return HttpRequest.newBuilder(base.resolve("/api/v1/sql?db=" + URLEncoder.encode(database, StandardCharsets.UTF_8)))
                .timeout(requestTimeout).header("Authorization", authorization).header("Accept", accept)
                .POST(HttpRequest.BodyPublishers.ofString(sql, StandardCharsets.UTF_8)).build();
    }

    /** One exchange within the request timeout, or a DatabaseException saying what failed; the exchange is cancelled at the deadline. */
    private <T> HttpResponse<T> exchange(HttpRequest request, HttpResponse.BodyHandler<T> handler, String what) throws DatabaseException {
        CompletableFuture<HttpResponse<T>> answer = http.sendAsync(request, handler);
        try {
            return answer.get(requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            answer.cancel(true);
            String why = "no whole answer within " + requestTimeout.toMillis() + " ms (requestTimeoutMs)";
            throw new DatabaseException("CnosDB " + what + " timed out: " + why, new HttpTimeoutException(why));
        } catch (ExecutionException e) {
            throw new DatabaseException("CnosDB " + what + " failed: " + why(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            throw new DatabaseException("CnosDB " + what + " interrupted", e);
        }
    }

    /**
     * Why an exchange failed, in words: the JDK client reports a refused connection as a
     * ConnectException without a message around a ClosedChannelException, which says little.
     */
    static String why(Throwable failure) {
        for (Throwable c = failure; c != null; c = c.getCause()) {
            if (c instanceof java.net.ConnectException) {
                return "no connection (" + (c.getMessage() != null ? c.getMessage() : "refused") + ")";
            }
        }
        return DatabaseException.rootMessage(failure);
    }

    /** A non-200 answer: CnosDB's error code and message ({@code {"error_code":..,"error_message":..}}) when it gave them, then {@code context}. */
    private static DatabaseException failure(String what, int status, String body, String context) {
        String why = body == null ? "" : body.strip();
        try {
            JsonNode error = JSON.readTree(why);
            if (error != null && error.has("error_message")) {
                why = "error " + error.path("error_code").asText() + ": " + error.path("error_message").asText();
            }
        } catch (IOException notJson) {
            // keep the body as it came
        }
        return new DatabaseException("CnosDB " + what + ": HTTP " + status + ": " + abbreviate(why) + context);
    }

    static String abbreviate(String s) {
        String one = s.replace('\n', ' ');
        return one.length() <= 300 ? one : one.substring(0, 300) + "...";
    }
}
