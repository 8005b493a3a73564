package org.tsdbbench.common.contract;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on loopback in front of a real server, for fault tests: it forwards bytes both ways
 * until a test {@link #stall() stalls} it (bytes are held, connections stay open: a network that
 * stopped answering) or {@link #cut() cuts} it (every connection reset, new ones reset at once: a
 * network that broke), and forwards again after {@link #resume()}.
 */
public final class TcpProxy implements AutoCloseable {

    private enum State { FORWARDING, STALLED, CUT }

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "tcp-proxy");
        t.setDaemon(true);
        return t;
    });
    private final Object lock = new Object();
    private final List<Socket> open = new ArrayList<>();
    private State state = State.FORWARDING;
    /** Bytes the server may still send before the proxy stalls; -1: no such limit. */
    private long serverBytesBeforeStall = -1;

    /** Listens on a free loopback port and forwards to {@code host:port}. */
    public TcpProxy(String host, int port) throws IOException {
        this.target = new InetSocketAddress(host, port);
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.execute(this::acceptLoop);
    }

    public String host() {
        return listener.getInetAddress().getHostAddress();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Stops forwarding: bytes sent either way are held until {@link #resume()}; nothing is closed. */
    public void stall() {
        synchronized (lock) {
            state = State.STALLED;
        }
    }

    /**
     * Forwards {@code bytes} more bytes from the server, then stalls as {@link #stall()} does: an
     * answer that stops mid-way, after its first bytes (an HTTP answer's headers) have arrived.
     */
    public void stallAfterServerBytes(long bytes) {
        synchronized (lock) {
            serverBytesBeforeStall = bytes;
        }
    }

    /** Resets every open connection; new connections are reset too until {@link #resume()}. */
    public void cut() {
        List<Socket> toClose;
        synchronized (lock) {
            state = State.CUT;
            toClose = new ArrayList<>(open);
            open.clear();
            lock.notifyAll();
        }
        toClose.forEach(TcpProxy::reset);
    }

    /** Forwards again (held bytes included); after a cut, only new connections work. */
    public void resume() {
        synchronized (lock) {
            state = State.FORWARDING;
            lock.notifyAll();
        }
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return; // closed
            }
            Socket server = null;
            synchronized (lock) {
                if (state == State.CUT) {
                    reset(client);
                    continue;
                }
                open.add(client);
            }
            try {
                server = new Socket();
                server.connect(target, 5_000);
                synchronized (lock) {
                    if (state == State.CUT) {
                        reset(client);
                        reset(server);
                        continue;
                    }
                    open.add(server);
                }
                AtomicInteger ended = new AtomicInteger();
                Socket c = client;
                Socket s = server;
                threads.execute(() -> pump(c, s, ended, false));
                threads.execute(() -> pump(s, c, ended, true));
            } catch (IOException e) {
                reset(client);
                if (server != null) reset(server);
            }
        }
    }

    /**
     * Copies from one socket to the other, waiting while stalled. An end of stream is passed on as
     * a half-close (the pair is closed when both directions ended); a cut or an error resets both.
     */
    private void pump(Socket from, Socket to, AtomicInteger ended, boolean fromServer) {
        byte[] buf = new byte[64 * 1024];
        boolean clean = false;
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(buf)) >= 0; ) {
                for (int off = 0; off < n; ) {
                    int chunk = n - off;
                    synchronized (lock) {
                        while (state == State.STALLED) lock.wait();
                        if (state == State.CUT) throw new IOException("cut");
                        if (fromServer && serverBytesBeforeStall >= 0) {
                            chunk = (int) Math.min(chunk, serverBytesBeforeStall);
                            serverBytesBeforeStall -= chunk;
                            if (serverBytesBeforeStall == 0) {
                                serverBytesBeforeStall = -1;
                                state = State.STALLED;
                            }
                        }
                    }
                    out.write(buf, off, chunk);
                    out.flush();
                    off += chunk;
                }
            }
            to.shutdownOutput();
            clean = true;
        } catch (IOException | InterruptedException e) {
            // the connection was reset or cut
        }
        if (clean && ended.incrementAndGet() < 2) return;
        if (clean) {
            close(from);
            close(to);
        } else {
            reset(from);
            reset(to);
        }
        synchronized (lock) {
            open.remove(from);
            open.remove(to);
        }
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    /** Closes with a TCP reset, as a broken network path shows itself to the peer. */
    private static void reset(Socket s) {
        try {
            if (!s.isClosed()) s.setSoLinger(true, 0);
        } catch (IOException e) {
            // closing anyway
        }
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        cut();
        threads.shutdownNow();
    }
}
