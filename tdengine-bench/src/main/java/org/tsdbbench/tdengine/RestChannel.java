package org.tsdbbench.tdengine;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.query.ResultSink;

/**
 * TDengine's REST API over plain HTTP with the JDK's client: {@code POST /rest/sql} with the SQL as
 * the body. Both majors are read from one code path: 3.x answers {@code {"code":0,"column_meta":
 * [["ts","TIMESTAMP",8]...],"data":[...]}} with timestamps as RFC 3339 text; 2.x answers
 * {@code {"status":"succ",...}} and is asked on {@code /rest/sqlt}, which gives epoch timestamps.
 *
 * <p>Why not the JDBC driver's REST connection: it is deprecated in 3.x, it retries any failed POST
 * up to five times (so a stalled request takes five request timeouts), and the 3.x driver reads
 * 2.x answers as nulls. Here a request has one connect timeout and one request timeout that bounds
 * the whole exchange, the answer's body included ({@link DeadlineBody}), and is never re-sent (the
 * JDK client retries no POST).
 */
final class RestChannel implements Channel {

    private static final JsonFactory JSON = new JsonFactory();

    private final HttpClient http;
    private final String base;
    private final String authorization;
    private final Duration requestTimeout;
    private final int major;
    private URI sqlUri;

    private RestChannel(HttpClient http, String base, String authorization, Duration requestTimeout, int major) {
        this.http = http;
        this.base = base;
        this.authorization = authorization;
        this.requestTimeout = requestTimeout;
        this.major = major;
        this.sqlUri = URI.create(base + sqlPath(major));
    }

    /** The timestamps of 2.x's /rest/sql are local-time text; /rest/sqlt gives epoch numbers in the database's precision. */
    private static String sqlPath(int major) {
        return major >= 3 ? "/rest/sql" : "/rest/sqlt";
    }

    static HttpClient client(Duration connectTimeout) {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout).build();
    }

    static String authorization(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Asks the server at {@code base} (http://host:port) its version, within the connect timeout:
     * the login of every path, since native, REST and WebSocket servers all answer it over REST.
     */
    static ServerVersion serverVersion(HttpClient http, String base, String authorization, Duration timeout) throws DatabaseException {
        RestChannel probe = new RestChannel(http, base, authorization, timeout, 3);
        String version = probe.scalar("SELECT SERVER_VERSION()");
        if (version == null) throw new DatabaseException("SELECT SERVER_VERSION() returned no row");
        try {
            return ServerVersion.parse(version);
        } catch (IllegalArgumentException e) {
            throw new DatabaseException(e.getMessage(), e);
        }
    }

    static RestChannel open(HttpClient http, String base, String authorization, Duration requestTimeout, int major) {
        return new RestChannel(http, base, authorization, requestTimeout, major);
    }

    /** Later statements run in this database (REST is stateless: the database goes in the URL). */
    @Override
    public void use(String database) {
        sqlUri = URI.create(base + sqlPath(major) + "/" + URLEncoder.encode(database, StandardCharsets.UTF_8));
    }

    /** Posts a body to another endpoint of the same server (schemaless writes); returns the HTTP status or throws with the body. */
    int post(String pathAndQuery, String body) throws DatabaseException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + pathAndQuery)).timeout(requestTimeout)
                .header("Authorization", authorization).POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<InputStream> response = http.send(request, DeadlineBody.within(requestTimeout));
            String answer;
            try (InputStream in = response.body()) {
                answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (response.statusCode() / 100 != 2) {
                throw new DatabaseException("HTTP " + response.statusCode() + " from " + pathAndQuery + ": " + abbreviate(answer));
            }
            return response.statusCode();
        } catch (HttpTimeoutException e) {
            throw timedOut(e);
        } catch (IOException e) {
            throw new DatabaseException(DatabaseException.rootMessage(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("interrupted", e);
        }
    }

    @Override
    public long update(String sql) throws DatabaseException {
        long[] affected = {-1};
        execute(sql, row -> affected[0] = (long) row[0]);
        if (affected[0] < 0) throw new DatabaseException("no affected_rows in the answer to: " + abbreviate(sql));
        return affected[0];
    }

    @Override
    public void query(String sql, ResultSink sink) throws DatabaseException {
        execute(sql, sink);
    }

    @Override
    public String scalar(String sql) throws DatabaseException {
        List<String> first = texts(sql);
        return first.isEmpty() ? null : first.get(0);
    }

    @Override
    public List<String> texts(String sql) throws DatabaseException {
        List<String> first = new ArrayList<>();
        execute(sql, null, first);
        return first;
    }

    @Override
    public String driver() {
        return "JDK HttpClient + Jackson (REST API, " + sqlPath(major) + ")";
    }

    @Override
    public void close() {
        // The JDK client keeps no per-session resources that need closing on Java 17.
    }

    private void execute(String sql, ResultSink sink) throws DatabaseException {
        execute(sql, sink, null);
    }

    /** Posts the SQL and streams the answer: rows to the sink, or each row's first value as text to {@code firstTexts}. */
    private void execute(String sql, ResultSink sink, List<String> firstTexts) throws DatabaseException {
        HttpRequest request = HttpRequest.newBuilder(sqlUri).timeout(requestTimeout).header("Authorization", authorization)
                .POST(HttpRequest.BodyPublishers.ofString(sql)).build();
        HttpResponse<InputStream> response;
        try {
            response = http.send(request, DeadlineBody.within(requestTimeout));
        } catch (HttpTimeoutException e) {
            throw timedOut(e);
        } catch (IOException e) {
            throw new DatabaseException(DatabaseException.rootMessage(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("interrupted", e);
        }
        try (InputStream body = response.body(); JsonParser p = JSON.createParser(body)) {
            new Answer(p, response.statusCode()).read(sink, firstTexts);
            // Read to the end of the body: closing it early hands the connection back with the
            // answer's last chunk unread, and the next answer on it begins with that chunk.
            body.transferTo(OutputStream.nullOutputStream());
        } catch (HttpTimeoutException e) {
            throw timedOut(e);
        } catch (IOException e) {
            throw new DatabaseException("unreadable answer (HTTP " + response.statusCode() + "): " + DatabaseException.rootMessage(e)
                    + " [" + abbreviate(sql) + "]", e);
        }
    }

    /** The headers (the client's timeout) or the whole body (DeadlineBody's) did not arrive within requestTimeoutMs. */
    private DatabaseException timedOut(HttpTimeoutException e) {
        return new DatabaseException("timed out: no whole answer within " + requestTimeout.toMillis() + " ms (requestTimeoutMs)", e);
    }

    static String abbreviate(String s) {
        String one = s.replace('\n', ' ');
        return one.length() <= 200 ? one : one.substring(0, 200) + "...";
    }

    /** One streamed answer of either major: the status fields, then column_meta, then data row by row. */
    static final class Answer {
        private final JsonParser p;
        private final int httpStatus;
        private boolean[] timestamp = new boolean[0];
        private String status;
        private long code;
        private String desc;

        Answer(JsonParser p, int httpStatus) {
            this.p = p;
            this.httpStatus = httpStatus;
        }

        void read(ResultSink sink, List<String> firstTexts) throws IOException, DatabaseException {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IOException("not a JSON object: not a TDengine REST endpoint?");
            boolean sawData = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "status" -> status = p.getValueAsString();
                    case "code" -> code = p.getValueAsLong();
                    case "desc" -> desc = p.getValueAsString();
                    case "column_meta" -> readColumnMeta();
                    case "data" -> {
                        sawData = true;
                        readData(sink, firstTexts);
                    }
                    default -> p.skipChildren();
                }
            }
            boolean failed = "error".equals(status) || code != 0 && status == null;
            if (failed || !sawData) {
                throw new DatabaseException("TDengine error" + (code != 0 ? " " + String.format("0x%04x", code) : "") + ": "
                        + (desc != null ? desc : "no data in the answer (HTTP " + httpStatus + ")"));
            }
        }

        /** 3.x names the type ("TIMESTAMP"), 2.x gives its code (9). */
        private void readColumnMeta() throws IOException {
            List<Boolean> ts = new ArrayList<>();
            while (p.nextToken() == JsonToken.START_ARRAY) {
                p.nextToken(); // name
                p.nextToken(); // type
                boolean isTimestamp = p.currentToken() == JsonToken.VALUE_STRING ? "TIMESTAMP".equals(p.getText()) : p.getIntValue() == 9;
                ts.add(isTimestamp);
                while (p.nextToken() != JsonToken.END_ARRAY) p.skipChildren();
            }
            timestamp = new boolean[ts.size()];
            for (int i = 0; i < timestamp.length; i++) timestamp[i] = ts.get(i);
        }

        /** Each row's values, and a text column (a string that is not a timestamp) also as its text; each row's first column's text to firstTexts. */
        private void readData(ResultSink sink, List<String> firstTexts) throws IOException {
            double[] row = new double[timestamp.length];
            String[] texts = new String[timestamp.length];
            while (p.nextToken() == JsonToken.START_ARRAY) {
                int i = 0;
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken(), i++) {
                    if (firstTexts != null && i == 0) firstTexts.add(t == JsonToken.VALUE_NULL ? null : p.getText());
                    if (i >= row.length) {
                        row = java.util.Arrays.copyOf(row, i + 1);
                        texts = java.util.Arrays.copyOf(texts, i + 1);
                    }
                    boolean isTimestamp = i < timestamp.length && timestamp[i];
                    texts[i] = t == JsonToken.VALUE_STRING && !isTimestamp ? p.getText() : null;
                    row[i] = value(t, isTimestamp);
                    if (t == JsonToken.START_ARRAY || t == JsonToken.START_OBJECT) p.skipChildren();
                }
                if (sink != null) sink.row(row, texts);
            }
        }

        private double value(JsonToken t, boolean isTimestamp) throws IOException {
            return switch (t) {
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> p.getDoubleValue();
                case VALUE_TRUE -> 1;
                case VALUE_FALSE -> 0;
                case VALUE_STRING -> isTimestamp ? Rfc3339.epochMillis(p.getText()) : parseOrNaN(p.getText());
                default -> Double.NaN;
            };
        }

        private static double parseOrNaN(String s) {
            try {
                return Double.parseDouble(s);
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
    }
}
