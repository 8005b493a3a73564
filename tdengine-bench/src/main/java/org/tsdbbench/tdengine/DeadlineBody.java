package org.tsdbbench.tdengine;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP answer's body as a stream whose reads end at the request's deadline. The JDK client's
 * request timeout ends when the headers arrive, and its own body stream waits on, interrupts
 * ignored, so an answer that stalls mid-body would be read forever; here each read waits for the
 * next buffers only until the deadline, then cancels the exchange and fails with an
 * {@link HttpTimeoutException}. Buffers are asked for one list at a time, so memory stays bounded.
 */
final class DeadlineBody extends InputStream implements HttpResponse.BodySubscriber<InputStream> {

    /** Put after the last buffers (or a failure); a list of its own, never one the client sends. */
    private final List<ByteBuffer> end = Collections.unmodifiableList(new ArrayList<>());
    private final long deadlineNanos;
    private final long timeoutMillis;
    private final BlockingQueue<List<ByteBuffer>> arrived = new LinkedBlockingQueue<>();
    private volatile Flow.Subscription subscription;
    private volatile Throwable failure;
    private Iterator<ByteBuffer> lists = Collections.emptyIterator();
    private ByteBuffer buffer;
    private boolean ended;

    private DeadlineBody(long deadlineNanos, long timeoutMillis) {
        this.deadlineNanos = deadlineNanos;
        this.timeoutMillis = timeoutMillis;
    }

    /** A body handler whose bodies must have arrived whole within {@code timeout} from now (the request's send). */
    static HttpResponse.BodyHandler<InputStream> within(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        return info -> new DeadlineBody(deadline, timeout.toMillis());
    }

    @Override
    public CompletionStage<InputStream> getBody() {
        return CompletableFuture.completedStage(this);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
        arrived.add(item);
    }

    @Override
    public void onError(Throwable t) {
        failure = t;
        arrived.add(end);
    }

    @Override
    public void onComplete() {
        arrived.add(end);
    }

    @Override
    public int read() throws IOException {
        return fill() ? buffer.get() & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) return 0;
        if (!fill()) return -1;
        int n = Math.min(len, buffer.remaining());
        buffer.get(b, off, n);
        return n;
    }

    /** Makes {@code buffer} hold unread bytes, waiting until the deadline at most; false at the end of the body. */
    private boolean fill() throws IOException {
        while (buffer == null || !buffer.hasRemaining()) {
            if (ended) return false;
            if (lists.hasNext()) {
                buffer = lists.next();
                continue;
            }
            List<ByteBuffer> next;
            try {
                next = arrived.poll(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading the answer");
            }
            if (next == null) {
                ended = true;
                subscription.cancel();
                throw new HttpTimeoutException("no whole answer within " + timeoutMillis + " ms (requestTimeoutMs)");
            }
            if (next == end) {
                ended = true;
                if (failure != null) throw new IOException(failure.getMessage(), failure);
                return false;
            }
            lists = next.iterator();
            subscription.request(1);
        }
        return true;
    }

    /** Closing before the end gives the exchange up (its connection is not reused). */
    @Override
    public void close() {
        if (ended) return;
        ended = true;
        Flow.Subscription s = subscription;
        if (s != null) s.cancel();
    }
}
