package org.tsdbbench.tdengine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;

/** An answer's body is read as it arrives, and a body that stops arriving fails at the deadline instead of hanging. */
class DeadlineBodyTest {

    /** What the HTTP client's side of the exchange was asked: buffers requested, cancelled or not. */
    private static final class Exchange implements Flow.Subscription {
        long requested;
        boolean cancelled;

        @Override
        public void request(long n) {
            requested += n;
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }

    private static HttpResponse.BodySubscriber<InputStream> body(Duration timeout, Exchange exchange) {
        HttpResponse.BodySubscriber<InputStream> body = DeadlineBody.within(timeout).apply(null);
        body.onSubscribe(exchange);
        return body;
    }

    private static List<ByteBuffer> bytes(String s) {
        return List.of(ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aWholeBodyIsReadToItsEndOneListAtATime() throws Exception {
        Exchange exchange = new Exchange();
        HttpResponse.BodySubscriber<InputStream> body = body(Duration.ofSeconds(5), exchange);
        assertEquals(1, exchange.requested, "one list asked for at a time");
        body.onNext(bytes("{\"code\":"));
        body.onNext(bytes("0}"));
        body.onComplete();
        try (InputStream in = body.getBody().toCompletableFuture().get()) {
            assertArrayEquals("{\"code\":0}".getBytes(StandardCharsets.UTF_8), in.readAllBytes());
            assertEquals(-1, in.read());
        }
        assertTrue(exchange.requested >= 3, "a new list asked for after each one read");
        assertTrue(!exchange.cancelled);
    }

    @Test
    void aBodyThatStopsMidWayFailsAtTheDeadlineAndGivesTheExchangeUp() throws Exception {
        Exchange exchange = new Exchange();
        HttpResponse.BodySubscriber<InputStream> body = body(Duration.ofMillis(300), exchange);
        body.onNext(bytes("{\"code\":0,\"data\":[["));
        InputStream in = body.getBody().toCompletableFuture().get();
        long start = System.nanoTime();
        HttpTimeoutException e = assertTimeoutPreemptively(Duration.ofSeconds(3), () -> assertThrows(HttpTimeoutException.class, () -> {
            while (in.read() >= 0) {
                // the first bytes arrive, then nothing
            }
        }));
        assertTrue(System.nanoTime() - start >= 250_000_000L, "failed before the deadline");
        assertEquals("no whole answer within 300 ms (requestTimeoutMs)", e.getMessage());
        assertTrue(exchange.cancelled, "the stalled exchange is given up");
    }

    @Test
    void aFailedExchangeIsAnIOExceptionSayingWhy() throws Exception {
        HttpResponse.BodySubscriber<InputStream> body = body(Duration.ofSeconds(5), new Exchange());
        body.onError(new IOException("connection reset"));
        InputStream in = body.getBody().toCompletableFuture().get();
        IOException e = assertThrows(IOException.class, in::read);
        assertEquals("connection reset", e.getMessage());
    }
}
